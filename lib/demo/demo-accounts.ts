import type { Role } from "@/lib/permissions/rules";

/** The demo workspace's accounts, printed by `npm start` so a newcomer can sign in at once. */
export const DEMO_WORKSPACE = { slug: "demo", name: "Demo: AI-safety environments" };
export const DEMO_PASSWORD = "demo-password";
export const DEMO_USERS: { email: string; name: string; role: Role }[] = [
  { email: "owner@demo.studio", name: "Olivia Owner", role: "owner" },
  { email: "author@demo.studio", name: "Arun Author", role: "author" },
  { email: "reviewer@demo.studio", name: "Rhea Reviewer", role: "reviewer" },
  { email: "buyer@demo.studio", name: "Bo Buyer", role: "buyer" },
];
