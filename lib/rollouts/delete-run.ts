import "server-only";
import { and, count, eq } from "drizzle-orm";
import { rollouts, runs } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { type DeleteRunInput, deleteRunInput } from "./schemas";

/** Deletes a run with its rollouts and their messages (FK cascades), audited in the same transaction. */
export async function deleteRun({ ctx, input }: { ctx: Ctx; input: DeleteRunInput }) {
  assertCan(ctx, "runs.delete");
  const { id } = parseInput(deleteRunInput, input);
  return runInTransaction(ctx, async (tx) => {
    const [run] = await tx
      .select({ id: runs.id, source: runs.source, format: runs.format })
      .from(runs)
      .where(and(eq(runs.workspaceId, ctx.workspace.id), eq(runs.id, id)))
      .for("update");
    if (!run) throw new AppError("not_found", "Run not found.");
    const [{ n }] = await tx
      .select({ n: count() })
      .from(rollouts)
      .where(and(eq(rollouts.workspaceId, ctx.workspace.id), eq(rollouts.runId, id)));
    await tx.delete(runs).where(and(eq(runs.workspaceId, ctx.workspace.id), eq(runs.id, id)));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "run.delete",
      targetType: "run",
      targetId: id,
      details: { source: run.source, format: run.format, rollouts: n },
    });
    return { id, deletedRollouts: n };
  });
}
