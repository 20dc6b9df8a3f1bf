// The message JSON types live in the leaf module lib/values/ (UI and database both import them).
export * from "@/lib/values/message-json";
