import "server-only";
import { and, eq } from "drizzle-orm";
import { reviewQueues } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { queueRefInput } from "./schemas";

/** Archives a queue: it leaves the list and stops blinding its items; labels and items stay. */
export async function archiveQueue({ ctx, input }: { ctx: Ctx; input: { queueId: string } }) {
  assertCan(ctx, "queues.manage");
  const { queueId } = parseInput(queueRefInput, input);
  return runInTransaction(ctx, async (tx) => {
    const [queue] = await tx
      .update(reviewQueues)
      .set({ archivedAt: new Date() })
      .where(and(eq(reviewQueues.workspaceId, ctx.workspace.id), eq(reviewQueues.id, queueId)))
      .returning({ id: reviewQueues.id });
    if (!queue) throw new AppError("not_found", "Queue not found.");
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "queue.archive",
      targetType: "review_queue",
      targetId: queue.id,
    });
    return queue;
  });
}
