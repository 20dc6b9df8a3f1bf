import type { Environment } from "@/db/schema";

// The environment lifecycle: draft → in-review → approved → published → retired. The status is the
// draft's; what buyers see is the latest published, unretired version, so a published environment
// can be revised (submitted, approved as v2) while v1 stays in the catalog until v2 is published.

export type EnvironmentStatus = Environment["status"];
export type LifecycleStep = "submit" | "approve" | "publish" | "retire" | "reopen";

export const LIFECYCLE_STEPS: Record<
  LifecycleStep,
  { label: string; from: readonly EnvironmentStatus[]; to: EnvironmentStatus }
> = {
  /** Asks an owner to approve the draft as it is now (after edits, a new version needs a new review). */
  submit: {
    label: "Submit for review",
    from: ["draft", "approved", "published", "retired"],
    to: "in-review",
  },
  approve: { label: "Approve", from: ["in-review"], to: "approved" },
  publish: { label: "Publish", from: ["approved"], to: "published" },
  retire: { label: "Retire", from: ["draft", "in-review", "approved", "published"], to: "retired" },
  /** Sends a submission back to its authors without approving it. */
  reopen: { label: "Return to draft", from: ["in-review"], to: "draft" },
};

export const STATUS_LABELS: Record<EnvironmentStatus, string> = {
  draft: "Draft",
  "in-review": "In review",
  approved: "Approved",
  published: "Published",
  retired: "Retired",
};

export type LifecycleState = {
  status: EnvironmentStatus;
  /** A version is in the catalog now (published, not retired). */
  hasLiveVersion: boolean;
  /** The latest approved version has not been published yet. */
  hasUnpublishedVersion: boolean;
};

/** The next status, or the reason the step can't be taken now. */
export function planLifecycleStep(
  step: LifecycleStep,
  state: LifecycleState,
): { ok: true; to: EnvironmentStatus } | { ok: false; reason: string } {
  const rule = LIFECYCLE_STEPS[step];
  if (step === "retire" && !state.hasLiveVersion) {
    return { ok: false, reason: "Nothing to retire: no version of this environment is in the catalog." };
  }
  if (step === "publish" && !state.hasUnpublishedVersion) {
    return { ok: false, reason: "Approve a version first: every approved version is already published." };
  }
  if (!rule.from.includes(state.status)) {
    return {
      ok: false,
      reason: `${rule.label} is not possible while the environment is ${STATUS_LABELS[state.status].toLowerCase()}.`,
    };
  }
  return { ok: true, to: rule.to };
}

/** The steps a role could take now (for buttons), given which ones it is allowed. */
export function listAvailableSteps(
  state: LifecycleState,
  allowed: (step: LifecycleStep) => boolean,
): LifecycleStep[] {
  return (Object.keys(LIFECYCLE_STEPS) as LifecycleStep[]).filter(
    (step) => allowed(step) && planLifecycleStep(step, state).ok,
  );
}
