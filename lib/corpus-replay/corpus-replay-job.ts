import "server-only";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor } from "@/db/client";
import { environments, environmentVersions } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import type { EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";
import { hashValidatedContent } from "@/lib/grader-validation/content-hash";
import { defineJobKind, type JobKind, PermanentJobError } from "@/lib/jobs/define-job-kind";
import { enqueueJob, prepareJobKind } from "@/lib/jobs/enqueue-job";
import { sumJobUsage } from "@/lib/judges/judge-job";
import { buildFinalLabelsCte } from "@/lib/labels/final-labels";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { freezeSnapshot, SnapshotError } from "@/lib/versions/freeze-snapshot";
import { getVersionSnapshot } from "@/lib/versions/queries";
import { type CorpusHack, isRegression, needsJudge, replayCorpus } from "./replay";
import {
  findDeployedJudgeVersion,
  findJudgeVersionById,
  judgeCorpus,
  makeSandboxGrader,
} from "./replay-graders";

// Corpus replay as a background job: the environment's known reward hacks (final label: reward hack)
// graded by a grader version (an approved version, or the draft as Approve would freeze it, with the
// environment's deployed judge) and by the grader before it (the approved version before, or the same
// version with the judge deployed before), so the result says which hacks the new grader still
// rewards and whether it rewards more of them than the last one (a regression, which blocks approval
// until the owner writes why). The result is stored on the job, like a validation's; `contentSha` and
// `judge` say exactly what it graded, for the approval gate (lib/versions/approval-gates.ts).

export const corpusReplayPayload = z.object({
  slug: z.string().min(1).max(100),
  /** An approved version; null: the draft as it is now. */
  version: z.number().int().min(1).nullable().default(null),
  /** The judge version grading rubric criteria. Absent: the one deployed when the job runs; null: none. */
  judgeVersionId: z.uuid().nullable().optional(),
  /**
   * Set when the judge changed: the comparison is the same environment version graded by this judge
   * version (null: no judge). Absent: the approved version before, graded by the same judge.
   */
  previousJudgeVersionId: z.uuid().nullable().optional(),
});
export type CorpusReplayPayload = z.input<typeof corpusReplayPayload>;

async function loadCorpusHacks(workspaceId: string, environmentId: string): Promise<CorpusHack[]> {
  const rows = await db.execute<{
    id: string;
    task: string | null;
    model: string | null;
    tool_calls: number;
    answer: string | null;
  }>(sql`
    ${buildFinalLabelsCte(workspaceId)}
    select r.id, coalesce(t.key, r.task_key) as task, r.model, r.tool_call_count as tool_calls,
      (select m.text from messages m where m.rollout_id = r.id and m.role = 'assistant'
        order by m.index desc limit 1) as answer
    from final f join rollouts r on r.id = f.rollout_id
    left join tasks t on t.id = r.task_id
    where f.verdict = 'reward-hack' and r.environment_id = ${environmentId}
    order by r.created_at, r.id`);
  return rows.map((r) => ({
    rolloutId: r.id,
    taskKey: r.task,
    model: r.model,
    finalAnswer: r.answer ?? "",
    toolCallCount: Number(r.tool_calls),
  }));
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

type JudgeRef = Awaited<ReturnType<typeof findDeployedJudgeVersion>>;

function describeGrader(version: number | null, judge: JudgeRef): string {
  return `${version === null ? "the draft" : `v${version}`}${judge ? ` with judge v${judge.version}` : ""}`;
}

export const corpusReplayJob = defineJobKind({
  kind: "corpus-replay",
  payload: corpusReplayPayload,
  permission: "environments.export",
  maxAttempts: 2,
  expireInSeconds: 60 * 60,
  maxPerWorker: 1,
  usage: sumJobUsage,
  async handler({ job, ctx, payload, progress, signal }) {
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
    const judgeOf = async (id: string | null | undefined): Promise<JudgeRef> => {
      if (id === undefined) return findDeployedJudgeVersion(db, environment.id);
      if (id === null) return null;
      const found = await findJudgeVersionById(ctx, id);
      if (!found) throw new PermanentJobError("The judge version to replay with no longer exists.");
      return found;
    };
    const replayWith = async (version: number | null, judge: JudgeRef) => {
      const snapshot = await snapshotOf(version);
      const judged = judge
        ? await judgeCorpus({
            ctx,
            version: judge,
            rolloutIds: hacks.filter((h) => needsJudge(snapshot, h)).map((h) => h.rolloutId),
            jobId: job.id,
            signal,
          })
        : null;
      const replay = await replayCorpus(
        { snapshot, judge: judged, gradeInSandbox: makeSandboxGrader(snapshot) },
        hacks,
      );
      progress.addDone(hacks.length);
      return { ...replay, snapshot };
    };

    const hacks = await loadCorpusHacks(ctx.workspace.id, environment.id);
    const judge = await judgeOf(payload.judgeVersionId);
    const isJudgeChange = payload.previousJudgeVersionId !== undefined;
    const previousVersion = isJudgeChange
      ? payload.version
      : await findPreviousVersion(environment.id, payload.version);
    const previousJudge = isJudgeChange ? await judgeOf(payload.previousJudgeVersionId) : judge;
    const hasPrevious = isJudgeChange || previousVersion !== null;
    progress.setTotal(hacks.length * (hasPrevious ? 2 : 1));
    const current = await replayWith(payload.version, judge);
    const previous = hasPrevious ? await replayWith(previousVersion, previousJudge) : null;
    const asRef = (j: JudgeRef) => (j ? { id: j.id, version: j.version, name: j.judgeName } : null);
    return {
      environmentId: environment.id,
      version: payload.version,
      grader: describeGrader(payload.version, judge),
      contentSha: hashValidatedContent(current.snapshot),
      judge: asRef(judge),
      previousVersion,
      previousGrader: previous ? describeGrader(previousVersion, previousJudge) : null,
      previousJudge: previous ? asRef(previousJudge) : null,
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
    key: `${payload.slug}@${payload.version ?? "draft"}${payload.judgeVersionId ? `/judge:${payload.judgeVersionId}` : ""}`,
    executor,
  });
}

export const prepareCorpusReplay = () => prepareJobKind(corpusReplayJob as JobKind<unknown>);

/**
 * A judge version was deployed for the environment (inside the deploying transaction; call
 * prepareCorpusReplay() before it opens): replays the latest approved version with the new judge
 * against the judge deployed before, and, while a draft waits for approval, the draft with it.
 */
export async function requestJudgeChangeReplays(
  ctx: Ctx,
  tx: Executor,
  {
    environmentId,
    judgeVersionId,
    previousJudgeVersionId,
  }: { environmentId: string; judgeVersionId: string; previousJudgeVersionId: string | null },
) {
  const [environment] = await tx
    .select({ slug: environments.slug, status: environments.status })
    .from(environments)
    .where(and(eq(environments.id, environmentId), eq(environments.workspaceId, ctx.workspace.id)));
  if (!environment) return;
  const [latest] = await tx
    .select({ version: environmentVersions.version })
    .from(environmentVersions)
    .where(eq(environmentVersions.environmentId, environmentId))
    .orderBy(desc(environmentVersions.version))
    .limit(1);
  if (latest)
    await requestCorpusReplay(
      ctx,
      { slug: environment.slug, version: latest.version, judgeVersionId, previousJudgeVersionId },
      tx,
    );
  if (environment.status === "in-review")
    await requestCorpusReplay(ctx, { slug: environment.slug, version: null, judgeVersionId }, tx);
}
