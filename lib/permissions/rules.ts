import type { WorkspaceRole } from "@/db/schema";

// The one rule table (issue #2): which roles may do what. Pages, server actions and API routes all
// check a permission from here; lib/permissions/routes.ts names the permission of every route.

export const ROLES = ["owner", "author", "reviewer", "buyer"] as const satisfies readonly WorkspaceRole[];
export type Role = (typeof ROLES)[number];

const STAFF: readonly Role[] = ["owner", "author", "reviewer"];

export const PERMISSIONS = {
  /** Any member: their own profile, the workspace switcher, the API's `me`. */
  "workspace.view": ROLES,
  "workspace.manage": ["owner"],
  "members.manage": ["owner"],
  "api-keys.manage": ["owner"],
  "audit.read": ["owner"],
  "environments.read": STAFF,
  "environments.write": ["owner", "author"],
  "answer-keys.read": ["owner", "author"],
  "rollouts.read": STAFF,
  "rollouts.import": ["owner", "author"],
  "runs.delete": ["owner"],
  "review.work": STAFF,
  "catalog.read": ROLES,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
