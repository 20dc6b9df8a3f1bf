import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "@/db/client";
import { judges, judgeVersions, judgments } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { buildExportFiles } from "@/lib/exports/build-export";
import type { ExportFile } from "@/lib/exports/export-file";
import type { EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";
import { gradeWithFormat } from "@/lib/grader-validation/grade-with-format";
import { loadVersionProviders } from "@/lib/judges/judge-call";
import { limitedByProvider } from "@/lib/judges/judge-rollout";
import { type LoadedVersion, toLoadedVersion } from "@/lib/judges/judge-versions";
import { runJudging } from "@/lib/judges/run-judging";
import { getSandboxSupport } from "@/lib/sandbox";
import type { GradeInSandbox, HackJudgments, ReplayJudge } from "./replay";

// The graders a replay runs besides the checks: the environment's deployed judge, through the judge
// job's own path (runJudging: the provider limiter, one judgment per criterion stored once per
// version and rollout, so a rollout already judged by that version costs nothing), and test scripts
// through the exported grader in the sandbox (the runner `studio validate` uses).

/** The judge version deployed for the environment now, or null. */
export async function findDeployedJudgeVersion(
  executor: Executor,
  environmentId: string,
): Promise<(LoadedVersion & { judgeName: string }) | null> {
  const [row] = await executor
    .select({ version: judgeVersions, judgeName: judges.name })
    .from(judgeVersions)
    .innerJoin(judges, eq(judges.id, judgeVersions.judgeId))
    .where(and(eq(judgeVersions.environmentId, environmentId), eq(judgeVersions.status, "deployed")))
    .limit(1);
  return row ? { ...toLoadedVersion(row.version), judgeName: row.judgeName } : null;
}

/** A judge version of the environment by id (a retired one too), or null. */
export async function findJudgeVersionById(
  ctx: Ctx,
  id: string,
): Promise<(LoadedVersion & { judgeName: string }) | null> {
  const [row] = await db
    .select({ version: judgeVersions, judgeName: judges.name })
    .from(judgeVersions)
    .innerJoin(judges, eq(judges.id, judgeVersions.judgeId))
    .where(and(eq(judgeVersions.id, id), eq(judgeVersions.workspaceId, ctx.workspace.id)));
  return row ? { ...toLoadedVersion(row.version), judgeName: row.judgeName } : null;
}

/** Judges the hacks with one judge version (what it already judged is reused) and reads the judgments back. */
export async function judgeCorpus({
  ctx,
  version,
  rolloutIds,
  jobId,
  signal,
}: {
  ctx: Ctx;
  version: LoadedVersion & { judgeName: string };
  rolloutIds: string[];
  jobId: string | null;
  signal?: AbortSignal;
}): Promise<ReplayJudge> {
  const judged = new Map<string, HackJudgments>();
  const judge: ReplayJudge = {
    version: version.version,
    name: version.judgeName,
    criteria: new Map(version.snapshot.tasks.map((t) => [t.key, t.criteria.map((c) => c.key)])),
    judgments: judged,
  };
  if (rolloutIds.length === 0) return judge;
  let providers: Awaited<ReturnType<typeof loadVersionProviders>>;
  try {
    providers = await loadVersionProviders(ctx, version);
  } catch (error) {
    const message = error instanceof Error ? error.message : "its provider could not be loaded";
    for (const id of rolloutIds) judged.set(id, { error: message });
    return judge;
  }
  const errors = new Map<string, string>();
  await runJudging({
    ctx,
    version,
    providers,
    rolloutIds,
    options: {
      signal,
      jobId,
      limitFor: limitedByProvider(signal),
    },
    onItem: ({ rolloutId, error }) => {
      if (error) errors.set(rolloutId, error);
    },
  });
  const rows = await db
    .select({
      rolloutId: judgments.rolloutId,
      key: judgments.criterionKey,
      status: judgments.status,
      score: judgments.score,
    })
    .from(judgments)
    .where(and(eq(judgments.judgeVersionId, version.id), inArray(judgments.rolloutId, rolloutIds)));
  for (const id of rolloutIds) {
    const error = errors.get(id);
    if (error) {
      judged.set(id, { error });
      continue;
    }
    const criteria: Extract<HackJudgments, { criteria: unknown }>["criteria"] = {};
    for (const row of rows.filter((r) => r.rolloutId === id))
      criteria[row.key] =
        row.status === "scored" && row.score !== null
          ? { status: "scored", score: row.score }
          : { status: "unevaluable" };
    judged.set(id, { criteria });
  }
  return judge;
}

/** Test scripts through the sandbox: the version's verifiers export graded by its own scoring rule. */
export function makeSandboxGrader(snapshot: EnvironmentVersionSnapshot): GradeInSandbox {
  let files: ExportFile[] | null = null;
  return async ({ task, answer, judgeReply }) => {
    const support = getSandboxSupport();
    if (!support.available) return { score: null, detail: support.reason };
    files ??= buildExportFiles(snapshot, "verifiers");
    return gradeWithFormat({
      format: "verifiers",
      files,
      slug: snapshot.environment.slug,
      task,
      answer,
      judgeReply,
    });
  };
}
