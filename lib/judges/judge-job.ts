import "server-only";
import { and, eq, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { judgeVersions, judgments, rollouts } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { defineJobKind, PermanentJobError } from "@/lib/jobs/define-job-kind";
import { syncJudgeDisagreementQueues } from "@/lib/queues/sync-queue-items";
import { buildFilterConditions } from "@/lib/rollouts/filter-sql";
import { rolloutFilterInput } from "@/lib/rollouts/schemas";
import { parseInput } from "@/lib/validation";
import { getCalibrationReport, listUnjudgedCalibrationRollouts } from "./calibration-queries";
import { loadVersionProviders } from "./judge-call";
import { limitedByProvider } from "./judge-rollout";
import { getJudgeVersion } from "./judge-versions";
import { runJudging } from "./run-judging";

// "Judge these rollouts" and "Calibrate" as a background job: one judge version over the rollouts a
// filter matches in the judge's environment (or, to calibrate, the expert-labelled ones it hasn't
// judged). Every provider attempt passes the shared per-provider limiter. Idempotent: a rerun skips
// what is judged. A calibration job stores its report on the version at the end.

export const MAX_JUDGE_ROLLOUTS = 100_000;

export const judgePayload = z.object({
  judgeVersionId: z.uuid(),
  purpose: z.enum(["run", "calibrate"]).default("run"),
  /** The Rollouts list's filter fields; the judge's environment always applies. */
  filter: z.record(z.string(), z.string()).default({}),
  /** Rollouts created after the job was started are left out: it judges what the filter showed then. */
  createdBefore: z.iso.datetime().optional(),
});
export type JudgePayload = z.input<typeof judgePayload>;

/** The conditions of "the rollouts this filter matches in the judge's environment". */
export function buildJudgeTargetConditions(
  workspaceId: string,
  environmentId: string,
  filter: Record<string, string>,
  createdBefore?: string,
) {
  const parsed = parseInput(rolloutFilterInput, { ...filter, cursor: undefined, limit: undefined });
  return and(
    ...buildFilterConditions(workspaceId, parsed),
    eq(rollouts.environmentId, environmentId),
    createdBefore ? lte(rollouts.createdAt, new Date(createdBefore)) : undefined,
  );
}

async function listTargetRollouts(
  workspaceId: string,
  environmentId: string,
  filter: Record<string, string>,
  createdBefore?: string,
) {
  const rows = await db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(buildJudgeTargetConditions(workspaceId, environmentId, filter, createdBefore))
    .orderBy(rollouts.createdAt, rollouts.id)
    .limit(MAX_JUDGE_ROLLOUTS);
  return rows.map((r) => r.id);
}

/** Tokens and dollars a job's judgments have used so far. */
export async function sumJobUsage(jobId: string) {
  const [row] = await db
    .select({
      inputTokens: sql<number>`coalesce(sum(${judgments.inputTokens}), 0)::float8`,
      outputTokens: sql<number>`coalesce(sum(${judgments.outputTokens}), 0)::float8`,
      costUsd: sql<number>`coalesce(sum(${judgments.costUsd}), 0)::float8`,
    })
    .from(judgments)
    .where(eq(judgments.jobId, jobId));
  return row;
}

export const judgeJob = defineJobKind({
  kind: "judge",
  payload: judgePayload,
  permission: "judges.write",
  maxAttempts: 3,
  retryDelaySeconds: 30,
  usage: sumJobUsage,
  async handler({ job, ctx, payload, signal, progress }) {
    const version = await getJudgeVersion({ ctx, versionId: payload.judgeVersionId }).catch((error) => {
      if (error instanceof AppError) throw new PermanentJobError(error.message);
      throw error;
    });
    const providers = await loadVersionProviders(ctx, version);
    const ids =
      payload.purpose === "calibrate"
        ? await listUnjudgedCalibrationRollouts(ctx, version)
        : await listTargetRollouts(
            ctx.workspace.id,
            version.environmentId,
            payload.filter,
            payload.createdBefore,
          );
    progress.setTotal(ids.length);
    const totals = await runJudging({
      ctx,
      version,
      providers,
      rolloutIds: ids,
      options: {
        signal,
        jobId: job.id,
        limitFor: limitedByProvider(signal),
      },
      onItem: ({ rolloutId, error }) => {
        if (error) progress.addFailed(rolloutId, error);
        else progress.addDone();
      },
    });
    if (payload.purpose === "calibrate" && !signal.aborted) {
      const report = await getCalibrationReport({ ctx, version });
      await db
        .update(judgeVersions)
        .set({
          calibration: report as unknown as Record<string, unknown>,
          isCalibrationPassed: report.isPassed,
          calibratedAt: new Date(),
        })
        .where(eq(judgeVersions.id, version.id));
    }
    // New disagreements (a split panel, the judge against the reward) go to review by themselves.
    const queued = totals.judged > 0 && !signal.aborted ? await syncJudgeDisagreementQueues(ctx) : [];
    return {
      ...totals,
      version: version.version,
      sentToReview: queued.reduce((sum, q) => sum + q.added, 0),
    };
  },
});
