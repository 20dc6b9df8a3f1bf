import "server-only";
import { findingDismissals } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { describeActor } from "./revisions";
import { type DismissFindingInput, dismissFindingInput } from "./schemas";
import { findTask } from "./task-access";

/**
 * Dismisses a coverage finding with a written reason, or restores it. Rows are only ever added:
 * the latest one per finding decides, and every reason stays in the history.
 */
export async function dismissFinding({
  ctx,
  taskId,
  input,
}: {
  ctx: Ctx;
  taskId: string;
  input: DismissFindingInput;
}) {
  assertCan(ctx, "environments.write");
  const data = parseInput(dismissFindingInput, input);
  return runInTransaction(ctx, async (tx) => {
    const { task } = await findTask(tx, ctx, taskId);
    const [row] = await tx
      .insert(findingDismissals)
      .values({
        workspaceId: ctx.workspace.id,
        taskId: task.id,
        findingId: data.findingId,
        findingKind: data.kind,
        action: data.action,
        reason: data.reason,
        actorUserId: actorUserId(ctx.actor),
        actorName: describeActor(ctx.actor),
      })
      .returning();
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: data.action === "dismiss" ? "finding.dismiss" : "finding.restore",
      targetType: "task",
      targetId: task.id,
      details: { findingId: data.findingId, reason: data.reason },
    });
    return {
      id: row.id,
      findingId: row.findingId,
      action: row.action,
      reason: row.reason,
      actorName: row.actorName,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
