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
  /** Read answer keys while reviewing, where the environment allows it (lib/tasks/answer-key-access.ts). */
  "answer-keys.review": ["owner", "author", "reviewer"],
  "rollouts.read": STAFF,
  "rollouts.import": ["owner", "author"],
  "runs.delete": ["owner"],
  "review.work": STAFF,
  /** Set the final label where reviewers disagree; see every label, blind or not. */
  "review.adjudicate": ["owner", "author"],
  "queues.manage": ["owner", "author"],
  "taxonomy.manage": ["owner"],
  /** Ship (issue #7): submit for review, approve a version, publish or retire it, export it. */
  "environments.submit": ["owner", "author"],
  "environments.approve": ["owner"],
  "environments.publish": ["owner"],
  "environments.export": ["owner", "author"],
  /** Make a published environment's datasheet readable by link, without sign-in. */
  "datasheets.share": ["owner"],
  /** Published environments and their datasheets (never answer keys or unchosen rollouts). */
  "catalog.read": ROLES,
  /** Reward-hack scanners (issue #13): see flags and signature metrics; run scans; switch signatures. */
  "scanners.read": STAFF,
  "scanners.run": STAFF,
  "scanners.manage": ["owner"],
  /** Run and calibrate the LLM scanner (it calls a model provider, at the workspace's cost). */
  "scanners.llm": ["owner", "author"],
  /** The environment report (issue #6): difficulty, reward robustness, failures, scaling. */
  "reports.read": STAFF,
  /** Edit the hourly rates and judge prices the report prices one more task with. */
  "reports.configure": ["owner"],
  /** Background jobs (issue #11): see the Jobs page and each job's progress; cancel and retry jobs. */
  "jobs.read": ["owner", "author"],
  "jobs.manage": ["owner", "author"],
  /** Model providers (issue #12): add, edit, archive, test; their API keys are write-only. */
  "providers.manage": ["owner"],
  /** See providers (never keys) and pick them for judges and scanners. */
  "providers.read": ["owner", "author"],
  /** LLM judges: create, try, calibrate, run and deploy a calibrated version. */
  "judges.write": ["owner", "author"],
  /** Set the calibration bar a judge version must clear before it can be deployed. */
  "judges.set-bar": ["owner"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
