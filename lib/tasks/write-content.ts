import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import {
  rubricCriteria,
  rubricGoldenExamples,
  rubrics,
  taskAnswerKeys,
  taskChecks,
  taskFiles,
  taskResources,
  taskSolutions,
  tasks,
  taskTestScripts,
} from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { TaskContent } from "./schemas";

// Writes a task's whole content: the task row, its answer key, and its child rows replaced in
// place. Runs inside the caller's transaction, after the caller took the task's revision lock.

type Target = { taskId: string; workspaceId: string; environmentId: string; userId: string | null };

export async function writeTaskContent(tx: Tx, target: Target, content: TaskContent): Promise<void> {
  const { taskId } = target;
  await assertReferences(tx, target, content);
  await tx
    .update(tasks)
    .set({
      title: content.title,
      prompt: content.prompt,
      tags: content.tags,
      difficulty: content.difficulty,
      timeBudgetMinutes: content.timeBudgetMinutes,
      turnBudget: content.turnBudget,
      giveUpAllowed: content.giveUp.allowed,
      giveUpInstructions: content.giveUp.instructions,
      scoringMode: content.scoring.mode,
      scoringThreshold: content.scoring.threshold,
      requirementOverrides: content.overrides,
      updatedById: target.userId,
    })
    .where(eq(tasks.id, taskId));

  await tx
    .insert(taskAnswerKeys)
    .values({ taskId, answerKey: content.answerKey })
    .onConflictDoUpdate({
      target: taskAnswerKeys.taskId,
      set: { answerKey: content.answerKey, updatedAt: new Date() },
    });

  await Promise.all([
    tx.delete(taskResources).where(eq(taskResources.taskId, taskId)),
    tx.delete(taskSolutions).where(eq(taskSolutions.taskId, taskId)),
    tx.delete(taskChecks).where(eq(taskChecks.taskId, taskId)),
    tx.delete(taskTestScripts).where(eq(taskTestScripts.taskId, taskId)),
  ]);
  const at = <T>(items: T[]) => items.map((item, position) => ({ ...item, taskId, position }));
  if (content.resources.length) {
    await tx
      .insert(taskResources)
      .values(
        at(
          content.resources.map((r) =>
            r.kind === "document"
              ? { name: r.name, kind: r.kind, mediaType: r.mediaType, content: r.content, fileId: null }
              : { name: r.name, kind: r.kind, mediaType: r.mediaType, content: null, fileId: r.fileId },
          ),
        ),
      );
  }
  if (content.referenceSolutions.length)
    await tx.insert(taskSolutions).values(at(content.referenceSolutions));
  if (content.checks.length) {
    await tx.insert(taskChecks).values(
      at(
        content.checks.map((c) => ({
          key: c.key,
          kind: c.kind,
          description: c.description,
          weight: c.weight,
          requirements: c.requirements,
          config: c.config as Record<string, unknown>,
        })),
      ),
    );
  }
  if (content.testScripts.length) await tx.insert(taskTestScripts).values(at(content.testScripts));
  await writeOwnRubric(tx, target, content);
}

async function writeOwnRubric(tx: Tx, target: Target, content: TaskContent): Promise<void> {
  const [rubric] = await tx
    .insert(rubrics)
    .values({
      workspaceId: target.workspaceId,
      environmentId: target.environmentId,
      taskId: target.taskId,
      sharedRubricId: content.sharedRubricId,
      judgeTemplate: content.judgeTemplate,
      createdById: target.userId,
    })
    .onConflictDoUpdate({
      target: rubrics.taskId,
      set: {
        sharedRubricId: content.sharedRubricId,
        judgeTemplate: content.judgeTemplate,
        updatedAt: new Date(),
      },
    })
    .returning({ id: rubrics.id });
  await writeRubricItems(tx, rubric.id, content);
}

/** Replaces a rubric's criteria and golden examples. */
export async function writeRubricItems(
  tx: Tx,
  rubricId: string,
  content: Pick<TaskContent, "criteria" | "goldenExamples">,
): Promise<void> {
  await tx.delete(rubricCriteria).where(eq(rubricCriteria.rubricId, rubricId));
  await tx.delete(rubricGoldenExamples).where(eq(rubricGoldenExamples.rubricId, rubricId));
  if (content.criteria.length) {
    await tx.insert(rubricCriteria).values(
      content.criteria.map((c, position) => ({
        rubricId,
        position,
        key: c.key,
        title: c.title,
        description: c.description,
        weight: c.weight,
        kind: c.type,
        scaleMax: c.type === "scale" ? c.scaleMax : null,
        requirements: c.requirements,
        isGiveUp: c.isGiveUp,
        passExamples: c.passExamples,
        failExamples: c.failExamples,
      })),
    );
  }
  if (content.goldenExamples.length) {
    await tx
      .insert(rubricGoldenExamples)
      .values(content.goldenExamples.map((g, position) => ({ ...g, rubricId, position })));
  }
}

/** Uploaded files must belong to this task; a shared rubric must be a live one of its environment. */
async function assertReferences(tx: Tx, target: Target, content: TaskContent): Promise<void> {
  const fileIds = content.resources.flatMap((r) => (r.kind === "file" ? [r.fileId] : []));
  if (fileIds.length) {
    const found = await tx
      .select({ id: taskFiles.id })
      .from(taskFiles)
      .where(and(eq(taskFiles.taskId, target.taskId), inArray(taskFiles.id, fileIds)));
    if (found.length !== new Set(fileIds).size) {
      throw new AppError("invalid", "A file resource points at a file that was not uploaded to this task.", {
        fieldErrors: { resources: ["Upload the file to this task first."] },
      });
    }
  }
  if (content.sharedRubricId) {
    const [shared] = await tx
      .select({ id: rubrics.id })
      .from(rubrics)
      .where(
        and(
          eq(rubrics.id, content.sharedRubricId),
          eq(rubrics.environmentId, target.environmentId),
          isNull(rubrics.taskId),
          isNull(rubrics.archivedAt),
        ),
      );
    if (!shared) {
      throw new AppError("invalid", "The shared rubric is not one of this environment's.", {
        fieldErrors: { sharedRubricId: ["Choose a shared rubric of this environment."] },
      });
    }
  }
}
