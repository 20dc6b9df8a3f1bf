import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, rubricCriteria, rubrics, tasks } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";

// The rubric criteria a reviewer scores a rollout against: its task's rubric (shared criteria
// first). Labels store scores as {criterion key: number}, so they outlive rubric edits.

export type ScoringCriterion = {
  key: string;
  title: string;
  kind: "binary" | "scale";
  scaleMax: number | null;
};

export async function listTaskCriteria({
  ctx,
  taskId,
}: {
  ctx: Ctx;
  taskId: string | null;
}): Promise<ScoringCriterion[]> {
  assertCan(ctx, "review.work");
  if (!taskId) return [];
  const [rubric] = await db
    .select({ id: rubrics.id, sharedRubricId: rubrics.sharedRubricId })
    .from(rubrics)
    .innerJoin(tasks, eq(tasks.id, rubrics.taskId))
    .innerJoin(environments, eq(environments.id, tasks.environmentId))
    .where(
      and(
        eq(rubrics.taskId, taskId),
        eq(environments.workspaceId, ctx.workspace.id),
        isNull(rubrics.archivedAt),
      ),
    );
  if (!rubric) return [];
  const ids = rubric.sharedRubricId ? [rubric.sharedRubricId, rubric.id] : [rubric.id];
  const rows = await db
    .select({
      rubricId: rubricCriteria.rubricId,
      key: rubricCriteria.key,
      title: rubricCriteria.title,
      kind: rubricCriteria.kind,
      scaleMax: rubricCriteria.scaleMax,
    })
    .from(rubricCriteria)
    .where(inArray(rubricCriteria.rubricId, ids))
    .orderBy(asc(rubricCriteria.position));
  const ordered = [
    ...rows.filter((r) => r.rubricId !== rubric.id),
    ...rows.filter((r) => r.rubricId === rubric.id),
  ];
  const seen = new Set<string>();
  return ordered.flatMap(({ rubricId: _id, ...criterion }) => {
    if (seen.has(criterion.key)) return [];
    seen.add(criterion.key);
    return [criterion];
  });
}
