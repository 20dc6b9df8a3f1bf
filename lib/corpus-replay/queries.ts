import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor } from "@/db/client";
import { type Job, jobs } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { describeJobTarget, listEnvironmentJobRows } from "@/lib/jobs/environment-jobs";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";

// Corpus replays are `corpus-replay` jobs (./corpus-replay-job.ts); these read them back for the
// versions page and the approval gate, scoped to the caller's workspace.

const KIND = "corpus-replay";
const outcome = z.enum(["rewarded", "not-rewarded", "cannot-replay"]);
const summary = z.object({
  hacks: z.number(),
  replayed: z.number(),
  rewarded: z.number(),
  cannotReplay: z.number(),
});
const judgeRef = z.object({ id: z.string(), version: z.number(), name: z.string() }).nullable();
const replayResult = z.object({
  version: z.number().nullable(),
  /** "the draft with judge v2"; absent on replays stored before judges took part. */
  grader: z.string().nullable().default(null),
  contentSha: z.string().nullable().default(null),
  judge: judgeRef.default(null),
  previousVersion: z.number().nullable(),
  previousGrader: z.string().nullable().default(null),
  previousJudge: judgeRef.default(null),
  summary,
  previousSummary: summary.nullable(),
  isRegression: z.boolean(),
  items: z.array(
    z.object({
      rolloutId: z.string(),
      task: z.string().nullable(),
      model: z.string().nullable(),
      outcome,
      score: z.number().nullable(),
      reason: z.string(),
      previous: outcome.nullable(),
    }),
  ),
});
export type ReplayResult = z.output<typeof replayResult>;

export type CorpusReplaySummary = {
  jobId: string;
  status: Job["status"];
  /** "draft" or "v3". */
  target: string;
  createdAt: string;
  error: string | null;
  result: ReplayResult | null;
};

function toSummary(row: Job): CorpusReplaySummary {
  const parsed = row.result ? replayResult.safeParse(row.result) : null;
  return {
    jobId: row.id,
    status: row.status,
    target: describeJobTarget(row),
    createdAt: row.createdAt.toISOString(),
    error: row.error,
    result: parsed?.success ? parsed.data : null,
  };
}

export async function listCorpusReplays({
  ctx,
  slug,
  limit = 10,
}: {
  ctx: Ctx;
  slug: string;
  limit?: number;
}): Promise<CorpusReplaySummary[]> {
  assertCan(ctx, "environments.read");
  await findEnvironmentBySlug(db, ctx, slug);
  const rows = await listEnvironmentJobRows(db, { workspaceId: ctx.workspace.id, kind: KIND, slug, limit });
  return rows.map(toSummary);
}

/** The latest finished replay of exactly this content graded with this judge version (null: none), or null. */
export async function findReplayOfGrader(
  executor: Executor,
  {
    workspaceId,
    slug,
    contentSha,
    judgeVersionId,
  }: { workspaceId: string; slug: string; contentSha: string; judgeVersionId: string | null },
): Promise<CorpusReplaySummary | null> {
  const [row] = await listEnvironmentJobRows(executor, {
    workspaceId,
    kind: KIND,
    slug,
    where: and(
      eq(jobs.status, "succeeded"),
      sql`${jobs.result}->>'contentSha' = ${contentSha}`,
      judgeVersionId === null
        ? sql`${jobs.result}->'judge' = 'null'::jsonb`
        : sql`${jobs.result}->'judge'->>'id' = ${judgeVersionId}`,
    ),
    limit: 1,
  });
  return row ? toSummary(row) : null;
}
