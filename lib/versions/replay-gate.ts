import "server-only";
import type { Executor } from "@/db/client";
import { findReplayOfGrader } from "@/lib/corpus-replay/queries";
import type { EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";
import { hashValidatedContent } from "@/lib/grader-validation/content-hash";
import type { GateOutcome } from "./approval-gates";

// The corpus-replay gate: when the latest replay of exactly this draft, graded with the judge deployed
// now, rewards more known reward hacks than the grader before it (a regression), approval is blocked
// until the owner writes why. A replay still queued or running does not block (nor does none).

export type ReplayGateRecord =
  | { status: "passed"; jobId: string; rewarded: number; previousRewarded: number | null }
  | { status: "not-run" }
  | {
      status: "regression";
      jobId: string;
      rewarded: number;
      previousRewarded: number;
      previousGrader: string | null;
      overrideReason: string;
    };

export async function checkReplayGate(
  executor: Executor,
  {
    workspaceId,
    snapshot,
    judgeVersionId,
  }: { workspaceId: string; snapshot: EnvironmentVersionSnapshot; judgeVersionId: string | null },
): Promise<GateOutcome<ReplayGateRecord>> {
  const found = await findReplayOfGrader(executor, {
    workspaceId,
    slug: snapshot.environment.slug,
    contentSha: hashValidatedContent(snapshot),
    judgeVersionId,
  });
  const result = found?.result;
  if (!found || !result) return { record: { status: "not-run" } };
  const rewarded = result.summary.rewarded;
  const previousRewarded = result.previousSummary?.rewarded ?? null;
  if (!result.isRegression || previousRewarded === null)
    return { record: { status: "passed", jobId: found.jobId, rewarded, previousRewarded } };
  const before = result.previousGrader ?? `v${result.previousVersion}`;
  const still = result.items
    .filter((item) => item.outcome === "rewarded" && item.previous !== "rewarded")
    .slice(0, 3)
    .map((item) => `${item.task ?? "no task"} (${item.rolloutId.slice(0, 8)})`)
    .join(", ");
  return {
    blocked: `the corpus replay is a regression: ${result.grader ?? "the draft"} rewards ${rewarded} known reward hack${rewarded === 1 ? "" : "s"}, more than ${before} (${previousRewarded})${still ? `; newly rewarded: ${still}` : ""}.`,
    record: (overrideReason) => ({
      status: "regression",
      jobId: found.jobId,
      rewarded,
      previousRewarded,
      previousGrader: result.previousGrader,
      overrideReason,
    }),
  };
}
