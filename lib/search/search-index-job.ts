import "server-only";
import { z } from "zod";
import { ANALYZE_AFTER_ROWS, analyzeTables } from "@/db/analyze";
import { db, hasSingleConnection } from "@/db/client";
import type { Job } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { defineJobKind } from "@/lib/jobs/define-job-kind";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { yieldToLiveIngest } from "@/lib/runs/ingest-gate";
import { countPendingRollouts, DEFAULT_MESSAGE_BUDGET, indexAllPendingRollouts } from "./index-rollouts";

// Search indexing as a job: makes a workspace's imported rollouts searchable, batch after batch,
// then refreshes the statistics of the tables it filled. Idempotent: each batch claims unindexed
// rollouts with SKIP LOCKED and marks them indexed in the same transaction, so a job that runs
// again (after a crash, or a second delivery) continues where the first stopped.

/** Batches stay small on the embedded database, whose one connection the web requests share. */
const SINGLE_CONNECTION_MESSAGE_BUDGET = 1_000;

export const searchIndexJob = defineJobKind({
  kind: "search-index",
  title: "Search indexing",
  payload: z.object({}),
  maxAttempts: 5,
  retryDelaySeconds: 10,
  maxPerWorker: 1,
  async handler({ ctx, signal, progress }) {
    const workspaceId = ctx.workspace.id;
    progress.set({ total: await countPendingRollouts(workspaceId), done: 0, failed: 0, clearErrors: true });
    const messageBudget = hasSingleConnection() ? SINGLE_CONNECTION_MESSAGE_BUDGET : DEFAULT_MESSAGE_BUDGET;
    const indexed = await indexAllPendingRollouts({
      messageBudget,
      workspaceId,
      signal,
      onBatch: (batch) => progress.addDone(batch.rollouts),
      beforeBatch: () => yieldToLiveIngest(signal),
    });
    if (signal.aborted) return indexed;
    if (indexed.messages >= ANALYZE_AFTER_ROWS) await analyzeTables(db, ["message_search", "rollouts"]);
    return indexed;
  },
});

/**
 * Asks for the workspace's new rollouts to be indexed: one queued job per workspace at a time (a
 * running one may be joined by one queued behind it, which picks up what arrived meanwhile).
 */
export async function requestSearchIndexing(ctx: Ctx): Promise<Job> {
  return enqueueJob({ ctx, kind: searchIndexJob, payload: {}, key: "search-index" });
}
