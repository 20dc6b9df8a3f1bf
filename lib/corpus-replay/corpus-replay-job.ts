import "server-only";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor } from "@/db/client";
import { environmentVersions } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import type { EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";
import { defineJobKind, type JobKind, PermanentJobError } from "@/lib/jobs/define-job-kind";
import { enqueueJob, prepareJobKind } from "@/lib/jobs/enqueue-job";
import { buildFinalLabelsCte } from "@/lib/labels/final-labels";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { freezeSnapshot, SnapshotError } from "@/lib/versions/freeze-snapshot";
import { getVersionSnapshot } from "@/lib/versions/queries";
import { type CorpusHack, isRegression, replayCorpus } from "./replay";

// Corpus replay as a background job: the environment's known reward hacks (final label: reward hack)
// graded by a grader version (an approved version, or the draft as Approve would freeze it) and by
// the version before it, so the result says which hacks the new version still rewards and whether it
// rewards more of them than the last one (a regression, shown before approval). The result is stored
// on the job, like a validation's.

export const corpusReplayPayload = z.object({
  slug: z.string().min(1).max(100),
  /** An approved version; null: the draft as it is now. */
  version: z.number().int().min(1).nullable().default(null),
});
export type CorpusReplayPayload = z.input<typeof corpusReplayPayload>;

async function loadCorpusHacks(workspaceId: string, environmentId: string): Promise<CorpusHack[]> {
  const rows = await db.execute<{
    id: string;
    task: string | null;
    model: string | null;
    answer: string | null;
  }>(sql`
    ${buildFinalLabelsCte(workspaceId)}
    select r.id, coalesce(t.key, r.task_key) as task, r.model,
      (select m.text from messages m where m.rollout_id = r.id and m.role = 'assistant'
        order by m.index desc limit 1) as answer
    from final f join rollouts r on r.id = f.rollout_id
    left join tasks t on t.id = r.task_id
    where f.verdict = 'reward-hack' and r.environment_id = ${environmentId}
    order by r.created_at, r.id`);
  return rows.map((r) => ({ rolloutId: r.id, taskKey: r.task, model: r.model, finalAnswer: r.answer ?? "" }));
}

/** The approved version before `version` (before the draft: the latest), if any. */
async function findPreviousVersion(environmentId: string, version: number | null): Promise<number | null> {
  const [row] = await db
    .select({ version: environmentVersions.version })
    .from(environmentVersions)
    .where(
      and(
        eq(environmentVersions.environmentId, environmentId),
        version === null ? undefined : lt(environmentVersions.version, version),
      ),
    )
    .orderBy(desc(environmentVersions.version))
    .limit(1);
  return row?.version ?? null;
}

export const corpusReplayJob = defineJobKind({
  kind: "corpus-replay",
  title: "Replay the reward-hack corpus",
  payload: corpusReplayPayload,
  permission: "environments.export",
  maxAttempts: 2,
  maxPerWorker: 1,
  async handler({ ctx, payload, progress }) {
    const environment = await findEnvironmentBySlug(db, ctx, payload.slug);
    const snapshotOf = async (version: number | null): Promise<EnvironmentVersionSnapshot> =>
      version === null
        ? freezeSnapshot(db, {
            environment,
            version: 1,
            approvedAt: new Date(),
            approvedBy: "corpus replay",
            report: null,
          }).catch((error: unknown) => {
            if (error instanceof SnapshotError) throw new PermanentJobError(error.message);
            throw error;
          })
        : (await getVersionSnapshot({ ctx, slug: payload.slug, version })).snapshot;
    const hacks = await loadCorpusHacks(ctx.workspace.id, environment.id);
    progress.setTotal(hacks.length);
    const current = replayCorpus(await snapshotOf(payload.version), hacks);
    const previousVersion = await findPreviousVersion(environment.id, payload.version);
    const previous = previousVersion === null ? null : replayCorpus(await snapshotOf(previousVersion), hacks);
    progress.addDone(hacks.length);
    return {
      environmentId: environment.id,
      version: payload.version,
      previousVersion,
      summary: current.summary,
      previousSummary: previous?.summary ?? null,
      isRegression: isRegression(current.summary, previous?.summary ?? null),
      items: current.items.map((item, i) => ({ ...item, previous: previous?.items[i].outcome ?? null })),
    };
  },
});

/**
 * Queues a replay of a version (or of the draft, `version: null`); one queued per target. Inside a
 * transaction, pass it as `executor` and call prepareCorpusReplay() before the transaction opens.
 */
export async function requestCorpusReplay(ctx: Ctx, input: CorpusReplayPayload, executor?: Executor) {
  const payload = corpusReplayPayload.parse(input);
  return enqueueJob({
    ctx,
    kind: corpusReplayJob,
    payload,
    key: `${payload.slug}@${payload.version ?? "draft"}`,
    executor,
  });
}

export const prepareCorpusReplay = () => prepareJobKind(corpusReplayJob as JobKind<unknown>);
