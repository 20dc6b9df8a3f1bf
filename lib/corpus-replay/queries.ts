import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { type Job, jobs } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";

// Corpus replays are `corpus-replay` jobs (./corpus-replay-job.ts); these read them back for the
// versions page, scoped to the caller's workspace.

const outcome = z.enum(["rewarded", "not-rewarded", "cannot-replay"]);
const summary = z.object({
  hacks: z.number(),
  replayed: z.number(),
  rewarded: z.number(),
  cannotReplay: z.number(),
});
const replayResult = z.object({
  version: z.number().nullable(),
  previousVersion: z.number().nullable(),
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
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.workspaceId, ctx.workspace.id),
        eq(jobs.kind, "corpus-replay"),
        sql`${jobs.payload}->>'slug' = ${slug}`,
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
  return rows.map((row) => {
    const version = (row.payload as { version?: number | null }).version ?? null;
    const parsed = row.result ? replayResult.safeParse(row.result) : null;
    return {
      jobId: row.id,
      status: row.status,
      target: version === null ? "draft" : `v${version}`,
      createdAt: row.createdAt.toISOString(),
      error: row.error,
      result: parsed?.success ? parsed.data : null,
    };
  });
}
