import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { runs, tasks } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import type { BatchTarget } from "@/lib/imports/store-rollouts";
import { LIVE_FORMAT } from "./create-run";
import { runIdParam } from "./schemas";

// The live run a write goes to, checked and locked in the writer's transaction.

export type OpenLiveRun = { id: string; environmentId: string | null };

/**
 * The workspace's live run, locked for the transaction: appends take a share lock (they run side by
 * side), closing takes an update lock, so nothing is appended to a run after it closed.
 */
export async function lockLiveRun(
  tx: Executor,
  ctx: Ctx,
  runId: string,
  mode: "share" | "update",
): Promise<OpenLiveRun & { status: string }> {
  if (!runIdParam.safeParse(runId).success) throw new AppError("not_found", "Run not found.");
  const lock = mode === "share" ? sql`for share` : sql`for update`;
  const [run] = await tx.execute<{ id: string; environment_id: string | null; status: string; kind: string }>(
    sql`select ${runs.id} as id, ${runs.environmentId} as environment_id, ${runs.status} as status, ${runs.kind} as kind
      from ${runs} where ${runs.id} = ${runId} and ${runs.workspaceId} = ${ctx.workspace.id} ${lock}`,
  );
  if (!run) throw new AppError("not_found", "Run not found.");
  if (run.kind !== "live")
    throw new AppError("conflict", "This run is an import; only live runs take rollouts.");
  return { id: run.id, environmentId: run.environment_id, status: run.status };
}

export function assertOpen(run: { status: string }): void {
  if (run.status !== "running")
    throw new AppError("conflict", "This run is closed; it takes no more rollouts or messages.");
}

/** Where a live run's rollouts are stored, with its environment's task keys. */
export async function loadBatchTarget(tx: Executor, ctx: Ctx, run: OpenLiveRun): Promise<BatchTarget> {
  const taskIds = new Map<string, string>();
  if (run.environmentId) {
    const rows = await tx
      .select({ id: tasks.id, key: tasks.key })
      .from(tasks)
      .where(eq(tasks.environmentId, run.environmentId));
    for (const row of rows) taskIds.set(row.key, row.id);
  }
  return {
    workspaceId: ctx.workspace.id,
    runId: run.id,
    format: LIVE_FORMAT,
    environmentId: run.environmentId,
    taskIds,
  };
}
