import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { tasks } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { recordBestScoreInput } from "./schemas";
import { findTask } from "./task-access";

/**
 * Records the best score known for an improvement-scored task, with what reached it, who recorded
 * it and when. The audit log keeps every earlier value.
 */
export async function recordBestScore({
  ctx,
  taskId,
  input,
}: {
  ctx: Ctx;
  taskId: string;
  input: z.input<typeof recordBestScoreInput>;
}) {
  assertCan(ctx, "environments.write");
  const data = parseInput(recordBestScoreInput, input);
  return runInTransaction(ctx, async (tx) => {
    const { task } = await findTask(tx, ctx, taskId);
    const at = new Date();
    await tx
      .update(tasks)
      .set({
        bestKnownScore: data.score,
        bestKnownScoreBy: data.achievedBy,
        bestKnownScoreRecordedById: actorUserId(ctx.actor),
        bestKnownScoreAt: at,
      })
      .where(eq(tasks.id, task.id));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "task.best-score",
      targetType: "task",
      targetId: task.id,
      details: { score: data.score, achievedBy: data.achievedBy, previous: task.bestKnownScore },
    });
    return { score: data.score, achievedBy: data.achievedBy, at: at.toISOString() };
  });
}
