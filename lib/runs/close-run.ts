import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { otlpPendingSpans, rolloutMessageChunks, rollouts, runs } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { runInTransaction } from "@/lib/transaction";
import { lockLiveRun } from "./live-run";

// Closes a live run: it takes no more rollouts or messages, and its rollouts still running become
// `truncated` (chunks still waiting for a missing one are dropped with them, and OTLP spans still waiting for
// the rest of their trace). Closing twice is a no-op.

export async function closeLiveRun({ ctx, runId }: { ctx: Ctx; runId: string }) {
  assertCan(ctx, "rollouts.import");
  return runInTransaction(ctx, async (tx) => {
    const run = await lockLiveRun(tx, ctx, runId, "update");
    if (run.status !== "running") return { id: run.id, status: run.status, truncated: 0 };
    const running = and(eq(rollouts.runId, run.id), eq(rollouts.status, "running"));
    const truncated = await tx
      .update(rollouts)
      .set({ status: "truncated" })
      .where(running)
      .returning({ id: rollouts.id });
    if (truncated.length > 0) {
      await tx.delete(rolloutMessageChunks).where(
        inArray(
          rolloutMessageChunks.rolloutId,
          truncated.map((r) => r.id),
        ),
      );
    }
    // OTLP spans of traces that never made a rollout: nothing more will complete them.
    await tx.delete(otlpPendingSpans).where(eq(otlpPendingSpans.runId, run.id));
    const [closed] = await tx
      .update(runs)
      .set({
        status: "completed",
        finishedAt: new Date(),
        imported: sql`(select count(*)::int from ${rollouts} where ${rollouts.runId} = ${run.id})`,
      })
      .where(eq(runs.id, run.id))
      .returning({ id: runs.id, status: runs.status });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "run.close",
      targetType: "run",
      targetId: run.id,
      details: { truncated: truncated.length },
    });
    return { ...closed, truncated: truncated.length };
  });
}
