import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { tasks } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { buildConflict } from "./conflict";
import { diffContent } from "./diff-content";
import { toFullContent } from "./hidden-material";
import { linkRequirementsById } from "./link-requirements";
import { loadSharedRubricRefs, loadTaskContents } from "./load-content";
import { insertRevision } from "./revisions";
import { type TaskContent, taskContent, type UpdateTaskInput, updateTaskInput } from "./schemas";
import { findTask } from "./task-access";
import { writeTaskContent } from "./write-content";

/**
 * Saves a task (any subset of its fields) as a new revision. The save names the revision it was
 * based on; if another save landed since, it is refused with a TaskConflictError (409) carrying
 * what changed, and nothing is written: no lost update.
 */
export async function updateTask({
  ctx,
  taskId,
  input,
  restoredFrom = null,
}: {
  ctx: Ctx;
  taskId: string;
  input: UpdateTaskInput;
  restoredFrom?: number | null;
}) {
  assertCan(ctx, "environments.write");
  const { revision: baseRevision, message, ...patch } = parseInput(updateTaskInput, input);
  return runInTransaction(ctx, async (tx) => {
    const { task, environment } = await findTask(tx, ctx, taskId);
    if (environment.archivedAt || task.archivedAt) {
      throw new AppError("bad_request", "This task is archived. Restore it before editing.");
    }
    // The conditional bump takes the row lock: a concurrent save waits here, then finds the
    // revision moved and matches nothing.
    const [locked] = await tx
      .update(tasks)
      .set({ revision: sql`${tasks.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(tasks.id, task.id), eq(tasks.revision, baseRevision)))
      .returning();
    if (!locked) throw await buildConflict(tx, { taskId: task.id, baseRevision, includeHidden: true });

    const current = toFullContent(
      (await loadTaskContents(tx, [task], { includeHidden: true })).get(task.id)!,
    );
    if (!current) throw new AppError("internal", "A stored check could not be read back.");
    const content: TaskContent = linkRequirementsById(
      parseInput(taskContent, { ...current, ...dropUndefined(patch) }),
    );
    await writeTaskContent(
      tx,
      {
        taskId: task.id,
        workspaceId: ctx.workspace.id,
        environmentId: environment.id,
        userId: actorUserId(ctx.actor),
      },
      content,
    );
    const shared = content.sharedRubricId
      ? ((await loadSharedRubricRefs(tx, [content.sharedRubricId])).get(content.sharedRubricId) ?? null)
      : null;
    await insertRevision(tx, {
      taskId: task.id,
      revision: locked.revision,
      key: task.key,
      content,
      sharedRubric: shared,
      actor: ctx.actor,
      message: message ?? (restoredFrom ? `Restored revision ${restoredFrom}` : ""),
      restoredFrom,
    });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: restoredFrom ? "task.restore-revision" : "task.update",
      targetType: "task",
      targetId: task.id,
      details: {
        revision: locked.revision,
        restoredFrom,
        changed: diffContent(current, content).map((c) => c.path),
      },
    });
    return { id: task.id, key: task.key, revision: locked.revision };
  });
}

function dropUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
