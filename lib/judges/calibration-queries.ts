import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { judges, judgments, labels, rollouts, tasks } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { isCurrentLabel } from "@/lib/labels/queries";
import { buildCalibrationReport, type CalibrationItem, type CalibrationReport } from "./calibration";
import type { LoadedVersion } from "./judge-versions";

// The calibration set of an environment: rollouts whose reviewers' current labels give criterion
// scores. A rollout × criterion counts when every current label that scores it agrees (the final
// human score); reviewers who disagree leave it out until they settle. The report pairs those with
// this version's judgments.

/** rollout id → criterion key → final human score. */
export async function listExpertScores(ctx: Ctx, environmentId: string) {
  const rows = await db
    .select({
      rolloutId: labels.rolloutId,
      scores: labels.criterionScores,
      taskKey: sql<string | null>`coalesce(${tasks.key}, ${rollouts.taskKey})`,
    })
    .from(labels)
    .innerJoin(rollouts, eq(rollouts.id, labels.rolloutId))
    .leftJoin(tasks, eq(tasks.id, rollouts.taskId))
    .where(
      and(
        eq(labels.workspaceId, ctx.workspace.id),
        eq(rollouts.environmentId, environmentId),
        ne(labels.criterionScores, sql`'{}'::jsonb`),
        isCurrentLabel,
      ),
    );
  const byRollout = new Map<string, { taskKey: string | null; scores: Map<string, number[]> }>();
  for (const row of rows) {
    const entry = byRollout.get(row.rolloutId) ?? { taskKey: row.taskKey, scores: new Map() };
    for (const [key, value] of Object.entries(row.scores)) {
      if (typeof value === "number" && Number.isFinite(value))
        entry.scores.set(key, [...(entry.scores.get(key) ?? []), value]);
    }
    byRollout.set(row.rolloutId, entry);
  }
  const out = new Map<string, { taskKey: string | null; scores: Map<string, number> }>();
  for (const [rolloutId, entry] of byRollout) {
    const agreed = new Map<string, number>();
    for (const [key, values] of entry.scores)
      if (values.every((v) => v === values[0])) agreed.set(key, values[0]);
    if (agreed.size > 0) out.set(rolloutId, { taskKey: entry.taskKey, scores: agreed });
  }
  return out;
}

/** The calibration items of a version: expert-scored criteria it grades, with its judgments so far. */
export async function listCalibrationItems(ctx: Ctx, version: LoadedVersion): Promise<CalibrationItem[]> {
  const experts = await listExpertScores(ctx, version.environmentId);
  const rolloutIds = [...experts.keys()];
  const judged = rolloutIds.length
    ? await db
        .select({ rolloutId: judgments.rolloutId, key: judgments.criterionKey, score: judgments.score })
        .from(judgments)
        .where(and(eq(judgments.judgeVersionId, version.id), inArray(judgments.rolloutId, rolloutIds)))
    : [];
  const judgedMap = new Map(judged.map((j) => [`${j.rolloutId}:${j.key}`, j.score]));
  const items: CalibrationItem[] = [];
  for (const [rolloutId, { taskKey, scores }] of experts) {
    const task = version.snapshot.tasks.find((t) => t.key === taskKey);
    for (const criterion of task?.criteria ?? []) {
      const human = scores.get(criterion.key);
      if (human === undefined) continue;
      const id = `${rolloutId}:${criterion.key}`;
      items.push({
        rolloutId,
        criterionKey: criterion.key,
        type: criterion.type,
        scaleMax: criterion.scaleMax,
        human,
        judge: judgedMap.get(id) ?? null,
        isJudged: judgedMap.has(id),
      });
    }
  }
  return items;
}

export async function getCalibrationReport({
  ctx,
  version,
}: {
  ctx: Ctx;
  version: LoadedVersion;
}): Promise<CalibrationReport> {
  assertCan(ctx, "environments.read");
  const [judge] = await db
    .select({ bar: judges.calibrationBar })
    .from(judges)
    .where(eq(judges.id, version.judgeId));
  return buildCalibrationReport({
    environmentId: version.environmentId,
    items: await listCalibrationItems(ctx, version),
    bar: judge?.bar,
  });
}

/** Rollouts of the calibration set this version hasn't fully judged yet. */
export async function listUnjudgedCalibrationRollouts(ctx: Ctx, version: LoadedVersion): Promise<string[]> {
  const items = await listCalibrationItems(ctx, version);
  return [...new Set(items.filter((i) => !i.isJudged).map((i) => i.rolloutId))];
}
