import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { environments, type Rubric, rubricCriteria, rubricGoldenExamples, rubrics, tasks } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { canReadAnswerKeys } from "@/lib/tasks/answer-key-access";
import { toCriterion } from "@/lib/tasks/load-content";
import type { Criterion, GoldenExample } from "./schemas";

export type RubricDetail = {
  id: string;
  environment: string;
  /** The task that owns the rubric; null for a rubric the environment shares. */
  task: { id: string; key: string } | null;
  title: string;
  description: string;
  judgeTemplate: string;
  sharedRubricId: string | null;
  criteria: Criterion[];
  /** Present only for roles that may read answer keys. */
  goldenExamples?: GoldenExample[];
  revision: number;
  archivedAt: string | null;
  /** Tasks whose rubric builds on this shared rubric. */
  usedBy: string[];
  canReadAnswerKeys: boolean;
};

/** Finds a rubric of the caller's workspace with its environment, or throws not_found. */
export async function findRubric(ctx: Ctx, rubricId: string) {
  if (!z.uuid().safeParse(rubricId).success) throw new AppError("not_found", "Rubric not found.");
  const [row] = await db
    .select({ rubric: rubrics, environment: environments })
    .from(rubrics)
    .innerJoin(environments, eq(environments.id, rubrics.environmentId))
    .where(and(eq(rubrics.id, rubricId), eq(rubrics.workspaceId, ctx.workspace.id)));
  if (!row) throw new AppError("not_found", "Rubric not found.");
  return row;
}

export async function getRubric({ ctx, rubricId }: { ctx: Ctx; rubricId: string }): Promise<RubricDetail> {
  assertCan(ctx, "environments.read");
  const { rubric, environment } = await findRubric(ctx, rubricId);
  return loadRubricDetail(rubric, environment, canReadAnswerKeys(ctx, environment));
}

async function loadRubricDetail(
  rubric: Rubric,
  environment: typeof environments.$inferSelect,
  includeHidden: boolean,
): Promise<RubricDetail> {
  const [criteria, golden, owner, users] = await Promise.all([
    db
      .select()
      .from(rubricCriteria)
      .where(eq(rubricCriteria.rubricId, rubric.id))
      .orderBy(asc(rubricCriteria.position)),
    includeHidden
      ? db
          .select()
          .from(rubricGoldenExamples)
          .where(eq(rubricGoldenExamples.rubricId, rubric.id))
          .orderBy(asc(rubricGoldenExamples.position))
      : Promise.resolve(null),
    rubric.taskId
      ? db.select({ id: tasks.id, key: tasks.key }).from(tasks).where(eq(tasks.id, rubric.taskId))
      : Promise.resolve([]),
    db
      .select({ key: tasks.key })
      .from(rubrics)
      .innerJoin(tasks, eq(tasks.id, rubrics.taskId))
      .where(and(eq(rubrics.sharedRubricId, rubric.id), isNull(tasks.archivedAt)))
      .orderBy(asc(tasks.key)),
  ]);
  return {
    id: rubric.id,
    environment: environment.slug,
    task: owner[0] ?? null,
    title: rubric.title,
    description: rubric.description,
    judgeTemplate: rubric.judgeTemplate,
    sharedRubricId: rubric.sharedRubricId,
    criteria: criteria.map(toCriterion),
    ...(golden
      ? {
          goldenExamples: golden.map((g) => ({
            title: g.title,
            response: g.response,
            grade: g.grade,
            criterionScores: g.criterionScores,
            rationale: g.rationale,
            gradedBy: g.gradedBy,
          })),
        }
      : {}),
    revision: rubric.revision,
    archivedAt: rubric.archivedAt?.toISOString() ?? null,
    usedBy: users.map((u) => u.key),
    canReadAnswerKeys: includeHidden,
  };
}

/** The rubrics an environment shares between its tasks. */
export async function listSharedRubrics({
  ctx,
  environmentSlug,
}: {
  ctx: Ctx;
  environmentSlug: string;
}): Promise<RubricDetail[]> {
  assertCan(ctx, "environments.read");
  const [environment] = await db
    .select()
    .from(environments)
    .where(and(eq(environments.workspaceId, ctx.workspace.id), eq(environments.slug, environmentSlug)));
  if (!environment) throw new AppError("not_found", `No environment "${environmentSlug}" in this workspace.`);
  const rows = await db
    .select()
    .from(rubrics)
    .where(and(eq(rubrics.environmentId, environment.id), isNull(rubrics.taskId), isNull(rubrics.archivedAt)))
    .orderBy(asc(rubrics.title));
  const includeHidden = canReadAnswerKeys(ctx, environment);
  return Promise.all(rows.map((r) => loadRubricDetail(r, environment, includeHidden)));
}
