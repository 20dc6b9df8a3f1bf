import type { Permission } from "./rules";

// Every page, API route and server action names its rule here. tests in routes.test.ts fail when a
// file under app/ or an action in lib/**/actions.ts has no entry, or doesn't check the one it has.

/** `public`: anyone, signed in or not. `signed-in`: any account, even without a workspace. */
export type RouteRule = Permission | "public" | "signed-in";

export const PAGE_RULES = {
  "/": "signed-in",
  "/login": "public",
  "/invite/[token]": "public",
  "/environments": "environments.read",
  "/rollouts": "rollouts.read",
  "/rollouts/import": "rollouts.import",
  "/rollouts/[id]": "rollouts.read",
  "/rollouts/compare": "rollouts.read",
  "/rollouts/runs": "rollouts.read",
  "/review": "review.work",
  "/catalog": "catalog.read",
  "/settings": "workspace.view",
} as const satisfies Record<string, RouteRule>;

export const API_RULES = {
  "GET /api/health": "public",
  "GET /api/v1/me": "workspace.view",
  "GET /api/v1/openapi.json": "public",
  "POST /api/v1/imports": "rollouts.import",
  "GET /api/v1/imports/[id]": "rollouts.read",
  "GET /api/v1/rollouts": "rollouts.read",
  "GET /api/v1/rollouts/[id]": "rollouts.read",
  "GET /api/v1/rollouts/[id]/messages": "rollouts.read",
  "GET /api/v1/rollouts/[id]/find": "rollouts.read",
} as const satisfies Record<string, RouteRule>;

export const ACTION_RULES = {
  signIn: "public",
  signOut: "signed-in",
  acceptInvite: "public",
  switchWorkspace: "signed-in",
  createWorkspace: "workspace.manage",
  addMember: "members.manage",
  createInvite: "members.manage",
  revokeInvite: "members.manage",
  changeMemberRole: "members.manage",
  removeMember: "members.manage",
  createApiKey: "api-keys.manage",
  revokeApiKey: "api-keys.manage",
  deleteRun: "runs.delete",
} as const satisfies Record<string, RouteRule>;

export type PagePath = keyof typeof PAGE_RULES;
export type ApiRoute = keyof typeof API_RULES;
export type ActionName = keyof typeof ACTION_RULES;
