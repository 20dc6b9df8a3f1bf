import "server-only";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, judges, judgeVersions, judgments, providers } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import type { CalibrationReport } from "./calibration";
import { findJudge, getJudgeVersion, type LoadedVersion, toLoadedVersion } from "./judge-versions";
import { countSeededJudgments, SEEDED_NOTE } from "./seeded";
import type { JudgeSnapshot } from "./snapshot";

// Reads of judges, their versions and judgments. Snapshots are returned without the hidden material.

export type JudgeVersionSummary = {
  id: string;
  version: number;
  status: "draft" | "deployed" | "retired";
  fingerprint: string;
  models: string[];
  isCalibrationPassed: boolean | null;
  calibratedAt: string | null;
  deployedAt: string | null;
  createdAt: string;
  judgments: number;
  unevaluable: number;
  costUsd: number;
  /** Judgments the demo seed stored without calling a model (lib/judges/seeded.ts). */
  seededJudgments: number;
  /** SEEDED_NOTE when the version's figures come from seeded judgments; null otherwise. */
  seeded: string | null;
};

export type JudgeSummary = {
  id: string;
  name: string;
  environment: string;
  provider: string;
  panel: string[];
  criteria: "all" | string[];
  template: string;
  temperature: number;
  maxTokens: number;
  bar: { minKappaLower: number; minHeldOut: number };
  archivedAt: string | null;
  versions: JudgeVersionSummary[];
};

/** Spelled out: Drizzle leaves columns unqualified in single-table selects, where "id" would bind to j.id. */
const VERSION_ID = sql.raw(`"judge_versions"."id"`);

async function listVersionSummaries(judgeIds: string[]): Promise<Map<string, JudgeVersionSummary[]>> {
  const out = new Map<string, JudgeVersionSummary[]>();
  if (judgeIds.length === 0) return out;
  const rows = await db
    .select({
      id: judgeVersions.id,
      judgeId: judgeVersions.judgeId,
      version: judgeVersions.version,
      status: judgeVersions.status,
      fingerprint: judgeVersions.fingerprint,
      snapshot: judgeVersions.snapshot,
      isCalibrationPassed: judgeVersions.isCalibrationPassed,
      calibratedAt: judgeVersions.calibratedAt,
      deployedAt: judgeVersions.deployedAt,
      createdAt: judgeVersions.createdAt,
      judgments: sql<number>`(select count(*)::int from ${judgments} j where j.judge_version_id = ${VERSION_ID})`,
      unevaluable: sql<number>`(select count(*)::int from ${judgments} j where j.judge_version_id = ${judgeVersions.id} and j.status = 'unevaluable')`,
      costUsd: sql<number>`(select coalesce(sum(j.cost_usd), 0)::float8 from ${judgments} j where j.judge_version_id = ${VERSION_ID})`,
    })
    .from(judgeVersions)
    .where(inArray(judgeVersions.judgeId, judgeIds))
    .orderBy(desc(judgeVersions.version));
  const seeded = await countSeededJudgments(rows.map((r) => r.id));
  for (const row of rows) {
    const seededJudgments = seeded.get(row.id) ?? 0;
    const snapshot = row.snapshot as unknown as JudgeSnapshot;
    const list = out.get(row.judgeId) ?? [];
    list.push({
      id: row.id,
      version: row.version,
      status: row.status,
      fingerprint: row.fingerprint,
      models: snapshot.providers.map((p) => `${p.name} (${p.model})`),
      isCalibrationPassed: row.isCalibrationPassed,
      calibratedAt: row.calibratedAt?.toISOString() ?? null,
      deployedAt: row.deployedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      judgments: row.judgments,
      unevaluable: row.unevaluable,
      costUsd: row.costUsd,
      seededJudgments,
      seeded: seededJudgments > 0 ? SEEDED_NOTE : null,
    });
    out.set(row.judgeId, list);
  }
  return out;
}

export async function listJudges({
  ctx,
  environmentSlug,
}: {
  ctx: Ctx;
  environmentSlug: string;
}): Promise<JudgeSummary[]> {
  assertCan(ctx, "environments.read");
  const rows = await db
    .select({ judge: judges, environment: environments.slug })
    .from(judges)
    .innerJoin(environments, eq(environments.id, judges.environmentId))
    .where(
      and(
        eq(judges.workspaceId, ctx.workspace.id),
        eq(environments.slug, environmentSlug),
        isNull(judges.archivedAt),
      ),
    )
    .orderBy(asc(judges.name));
  const providerRows = await db
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(eq(providers.workspaceId, ctx.workspace.id));
  const nameOf = (id: string) => providerRows.find((p) => p.id === id)?.name ?? "(deleted)";
  const versions = await listVersionSummaries(rows.map((r) => r.judge.id));
  return rows.map(({ judge, environment }) => ({
    id: judge.id,
    name: judge.name,
    environment,
    provider: nameOf(judge.providerId),
    panel: judge.panelProviderIds.map(nameOf),
    criteria: judge.criteriaKeys ?? "all",
    template: judge.template,
    temperature: judge.temperature,
    maxTokens: judge.maxTokens,
    bar: judge.calibrationBar,
    archivedAt: judge.archivedAt?.toISOString() ?? null,
    versions: versions.get(judge.id) ?? [],
  }));
}

export async function getJudge({ ctx, judgeId }: { ctx: Ctx; judgeId: string }): Promise<JudgeSummary> {
  assertCan(ctx, "environments.read");
  const judge = await findJudge(db, ctx, judgeId);
  const [environment] = await db
    .select({ slug: environments.slug })
    .from(environments)
    .where(eq(environments.id, judge.environmentId));
  const found = (await listJudges({ ctx, environmentSlug: environment.slug })).find((j) => j.id === judge.id);
  if (!found) throw new AppError("not_found", "No such judge.");
  return found;
}

/** The environment's deployed judge version, with its stored calibration report; null when none. */
export async function getDeployedJudge(
  environmentId: string,
): Promise<(LoadedVersion & { report: CalibrationReport | null }) | null> {
  const [row] = await db
    .select()
    .from(judgeVersions)
    .where(and(eq(judgeVersions.environmentId, environmentId), eq(judgeVersions.status, "deployed")));
  return row
    ? { ...toLoadedVersion(row), report: (row.calibration as unknown as CalibrationReport | null) ?? null }
    : null;
}

export type RolloutJudgment = {
  judge: string;
  judgeId: string;
  version: number;
  versionStatus: "draft" | "deployed" | "retired";
  criterion: string;
  status: "scored" | "unevaluable";
  score: number | null;
  verdict: string | null;
  reason: string;
  evidence: { message: number; quote: string }[];
  rawAnswer: string | null;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  disagreement: number | null;
  createdAt: string;
};

/** Every judgment of a rollout, newest version first: re-judging appends, nothing is replaced. */
export async function listRolloutJudgments({
  ctx,
  rolloutId,
}: {
  ctx: Ctx;
  rolloutId: string;
}): Promise<RolloutJudgment[]> {
  assertCan(ctx, "rollouts.read");
  const rows = await db
    .select({
      j: judgments,
      judge: judges.name,
      judgeId: judges.id,
      version: judgeVersions.version,
      versionStatus: judgeVersions.status,
    })
    .from(judgments)
    .innerJoin(judgeVersions, eq(judgeVersions.id, judgments.judgeVersionId))
    .innerJoin(judges, eq(judges.id, judgeVersions.judgeId))
    .where(and(eq(judgments.rolloutId, rolloutId), eq(judgments.workspaceId, ctx.workspace.id)))
    .orderBy(asc(judges.name), desc(judgeVersions.version), asc(judgments.criterionKey));
  return rows.map(({ j, judge, judgeId, version, versionStatus }) => ({
    judge,
    judgeId,
    version,
    versionStatus,
    criterion: j.criterionKey,
    status: j.status,
    score: j.score,
    verdict: j.verdict,
    reason: j.reason,
    evidence: j.evidence,
    rawAnswer: j.rawAnswer,
    model: j.model,
    inputTokens: j.inputTokens,
    outputTokens: j.outputTokens,
    costUsd: j.costUsd,
    disagreement: j.disagreement,
    createdAt: j.createdAt.toISOString(),
  }));
}

export type JudgeJob = {
  id: string;
  status: string;
  purpose: "run" | "calibrate";
  version: number;
  total: number | null;
  done: number;
  failed: number;
  error: string | null;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  createdAt: string;
};

/** The judge's jobs, newest first, with the tokens and dollars each has spent so far. */
export async function listJudgeJobs({ ctx, judgeId }: { ctx: Ctx; judgeId: string }): Promise<JudgeJob[]> {
  assertCan(ctx, "environments.read");
  const rows = await db.execute<{
    id: string;
    status: string;
    purpose: "run" | "calibrate" | null;
    version: number;
    total: number | null;
    done: number;
    failed: number;
    error: string | null;
    input_tokens: number;
    output_tokens: number;
    cost_usd: number;
    created_at: Date | string;
  }>(sql`select j.id, j.status, j.payload->>'purpose' as purpose, v.version, j.total, j.done, j.failed, j.error,
      coalesce(u.input_tokens, 0)::float8 as input_tokens, coalesce(u.output_tokens, 0)::float8 as output_tokens,
      coalesce(u.cost_usd, 0)::float8 as cost_usd, j.created_at
    from jobs j
    join judge_versions v on v.id::text = j.payload->>'judgeVersionId'
    left join lateral (select sum(input_tokens) as input_tokens, sum(output_tokens) as output_tokens, sum(cost_usd) as cost_usd
      from judgments where job_id = j.id) u on true
    where j.workspace_id = ${ctx.workspace.id} and j.kind = 'judge' and v.judge_id = ${judgeId}
    order by j.created_at desc limit 20`);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    purpose: r.purpose ?? "run",
    version: r.version,
    total: r.total,
    done: r.done,
    failed: r.failed,
    error: r.error,
    inputTokens: Number(r.input_tokens),
    outputTokens: Number(r.output_tokens),
    costUsd: Number(r.cost_usd),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The tasks a version grades (key and title), for "Try the judge". */
export async function listJudgedTasks({ ctx, versionId }: { ctx: Ctx; versionId: string }) {
  assertCan(ctx, "environments.read");
  const version = await getJudgeVersion({ ctx, versionId });
  return version.snapshot.tasks.map((t) => ({ key: t.key, title: t.title }));
}
