// The value sets live in the leaf module lib/values/ (UI and database both import them from there).
export * from "@/lib/values/review-values";
