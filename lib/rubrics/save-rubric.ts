import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { rubricGoldenExamples, rubrics } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { loadSharedRubricRefs } from "@/lib/tasks/load-content";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { updateTask } from "@/lib/tasks/update-task";
import { writeRubricItems } from "@/lib/tasks/write-content";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { findRubric, getRubric } from "./queries";
import { type SharedRubricInput, sharedRubricInput, updateSharedRubricInput } from "./schemas";

/** Creates a rubric an environment's tasks can share. */
export async function createSharedRubric({
  ctx,
  environmentSlug,
  input,
}: {
  ctx: Ctx;
  environmentSlug: string;
  input: SharedRubricInput;
}) {
  assertCan(ctx, "environments.write");
  const data = parseInput(sharedRubricInput, input);
  const id = await runInTransaction(ctx, async (tx) => {
    const environment = await findEnvironmentBySlug(tx, ctx, environmentSlug);
    if (environment.archivedAt)
      throw new AppError("bad_request", "This environment is archived. Restore it first.");
    const [rubric] = await tx
      .insert(rubrics)
      .values({
        workspaceId: ctx.workspace.id,
        environmentId: environment.id,
        title: data.title,
        description: data.description,
        judgeTemplate: data.judgeTemplate,
        revision: 1,
        createdById: actorUserId(ctx.actor),
      })
      .returning({ id: rubrics.id });
    await writeRubricItems(tx, rubric.id, data);
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "rubric.create",
      targetType: "rubric",
      targetId: rubric.id,
      details: { environment: environmentSlug, title: data.title, criteria: data.criteria.map((c) => c.key) },
    });
    return rubric.id;
  });
  return getRubric({ ctx, rubricId: id });
}

/**
 * Edits a rubric. A shared rubric names its own revision (a stale one is refused with 409); a
 * task's rubric is part of the task, so the edit becomes a task revision (`revision` is the task's).
 */
export async function updateRubric({ ctx, rubricId, input }: { ctx: Ctx; rubricId: string; input: unknown }) {
  assertCan(ctx, "environments.write");
  const { revision, ...patch } = parseInput(updateSharedRubricInput, input);
  const { rubric } = await findRubric(ctx, rubricId);
  if (rubric.taskId) {
    await updateTask({
      ctx,
      taskId: rubric.taskId,
      input: {
        revision,
        ...(patch.judgeTemplate !== undefined ? { judgeTemplate: patch.judgeTemplate } : {}),
        ...(patch.criteria !== undefined ? { criteria: patch.criteria } : {}),
        ...(patch.goldenExamples !== undefined ? { goldenExamples: patch.goldenExamples } : {}),
      },
    });
    return getRubric({ ctx, rubricId });
  }
  if (rubric.archivedAt)
    throw new AppError("bad_request", "This rubric is archived. Restore it before editing.");
  await runInTransaction(ctx, async (tx) => {
    const [locked] = await tx
      .update(rubrics)
      .set({
        revision: sql`${rubrics.revision} + 1`,
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.judgeTemplate !== undefined ? { judgeTemplate: patch.judgeTemplate } : {}),
      })
      .where(and(eq(rubrics.id, rubric.id), eq(rubrics.revision, revision)))
      .returning({ revision: rubrics.revision });
    if (!locked) {
      throw new AppError(
        "conflict",
        `This rubric changed since you opened it (now at revision ${rubric.revision}). Reload it and apply your edit again.`,
      );
    }
    if (patch.criteria !== undefined || patch.goldenExamples !== undefined) {
      const current = (await loadSharedRubricRefs(tx, [rubric.id])).get(rubric.id)!;
      const golden = patch.goldenExamples;
      await writeRubricItems(tx, rubric.id, {
        criteria: patch.criteria ?? current.criteria,
        goldenExamples: golden ?? (await readGolden(tx, rubric.id)),
      });
    }
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "rubric.update",
      targetType: "rubric",
      targetId: rubric.id,
      details: { revision: locked.revision, fields: Object.keys(patch) },
    });
  });
  return getRubric({ ctx, rubricId });
}

async function readGolden(tx: Tx, rubricId: string) {
  const rows = await tx
    .select()
    .from(rubricGoldenExamples)
    .where(eq(rubricGoldenExamples.rubricId, rubricId))
    .orderBy(asc(rubricGoldenExamples.position));
  return rows.map((g) => ({
    title: g.title,
    response: g.response,
    grade: g.grade,
    criterionScores: g.criterionScores,
    rationale: g.rationale,
    gradedBy: g.gradedBy,
  }));
}

/** Archives (or restores) a shared rubric; tasks built on it keep their link until edited. */
export async function setRubricArchived({
  ctx,
  rubricId,
  isArchived,
}: {
  ctx: Ctx;
  rubricId: string;
  isArchived: boolean;
}) {
  assertCan(ctx, "environments.write");
  const { rubric } = await findRubric(ctx, rubricId);
  if (rubric.taskId) throw new AppError("bad_request", "A task's own rubric is archived with its task.");
  await runInTransaction(ctx, async (tx) => {
    await tx
      .update(rubrics)
      .set({ archivedAt: isArchived ? (rubric.archivedAt ?? new Date()) : null })
      .where(eq(rubrics.id, rubric.id));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: isArchived ? "rubric.archive" : "rubric.unarchive",
      targetType: "rubric",
      targetId: rubric.id,
      details: {},
    });
  });
  return getRubric({ ctx, rubricId });
}
