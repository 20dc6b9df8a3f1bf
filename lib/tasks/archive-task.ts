import "server-only";
import { eq } from "drizzle-orm";
import { tasks } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { runInTransaction } from "@/lib/transaction";
import { findTask } from "./task-access";

/** Archives a task (hidden from lists, kept with its history and rollouts) or restores it. */
export async function setTaskArchived({
  ctx,
  taskId,
  isArchived,
}: {
  ctx: Ctx;
  taskId: string;
  isArchived: boolean;
}) {
  assertCan(ctx, "environments.write");
  return runInTransaction(ctx, async (tx) => {
    const { task, environment } = await findTask(tx, ctx, taskId);
    const archivedAt = isArchived ? (task.archivedAt ?? new Date()) : null;
    await tx.update(tasks).set({ archivedAt }).where(eq(tasks.id, task.id));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: isArchived ? "task.archive" : "task.unarchive",
      targetType: "task",
      targetId: task.id,
      details: { environment: environment.slug, key: task.key },
    });
    return { id: task.id, key: task.key, environment: environment.slug, archivedAt };
  });
}
