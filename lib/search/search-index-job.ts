import "server-only";
import { z } from "zod";
import { hasSingleConnection } from "@/db/client";
import type { Job } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { defineJobKind } from "@/lib/jobs/define-job-kind";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { runningForMs } from "@/lib/jobs/running-jobs";
import { yieldToForegroundWork } from "@/lib/jobs/yield-to-foreground";
import { IMPORT_JOB_KIND } from "@/lib/values/job-kind-names";
import {
  countPendingRollouts,
  DEFAULT_MESSAGE_BUDGET,
  INDEX_WORKERS,
  indexAllPendingRollouts,
  pause,
} from "./index-rollouts";

// Search indexing as a job: makes a workspace's imported rollouts searchable, batch after batch,
// then refreshes the statistics of the tables it filled. Idempotent: each batch claims unindexed
// rollouts with SKIP LOCKED and marks them indexed in the same transaction, so a job that runs
// again (after a crash, or a second delivery) continues where the first stopped.

/** Batches stay small on the embedded database, whose one connection the web requests share. */
const SINGLE_CONNECTION_MESSAGE_BUDGET = 1_000;

export const searchIndexJob = defineJobKind({
  kind: "search-index",
  payload: z.object({}),
  maxAttempts: 5,
  retryDelaySeconds: 10,
  maxPerWorker: 1,
  async handler({ ctx, signal, progress }) {
    const workspaceId = ctx.workspace.id;
    progress.set({ total: await countPendingRollouts(workspaceId), done: 0, failed: 0, clearErrors: true });
    const messageBudget = hasSingleConnection() ? SINGLE_CONNECTION_MESSAGE_BUDGET : DEFAULT_MESSAGE_BUDGET;
    return indexAllPendingRollouts({
      messageBudget,
      workspaceId,
      signal,
      onBatch: (batch) => progress.addDone(batch.rollouts),
      beforeBatch: () => yieldToForegroundWork(signal),
      workersNow: async () => indexWorkersBesideImport(await runningForMs(workspaceId, IMPORT_JOB_KIND)),
    });
  },
});

/** How long a workspace's import runs alone before one indexer runs beside it. */
export const IMPORT_ALONE_MS = 60_000;

/**
 * Indexers allowed while the workspace imports (`importRunningForMs`: null when it doesn't). Both
 * compete for the same cores: on the import bench (2 cores) an import with one indexer beside it
 * took 9.1-10.4 s and was searchable after 15.8-17.1 s; alone it took 7.9 s, and indexing after it
 * made it searchable after 15.5 s. So an import runs alone, except that a long one gets one
 * indexer after a minute, so search catches up while it runs.
 */
export function indexWorkersBesideImport(importRunningForMs: number | null): number {
  if (importRunningForMs === null) return INDEX_WORKERS;
  return importRunningForMs < IMPORT_ALONE_MS ? 0 : 1;
}

/**
 * Asks for the workspace's new rollouts to be indexed: one queued job per workspace at a time (a
 * running one may be joined by one queued behind it, which picks up what arrived meanwhile).
 */
export async function requestSearchIndexing(ctx: Ctx): Promise<Job> {
  return enqueueJob({ ctx, kind: searchIndexJob, payload: {}, key: "search-index" });
}

/** The longest other background work waits for search indexing between two of its batches. */
const MAX_INDEXING_YIELD_MS = 30_000;
const INDEXING_POLL_MS = 250;

/** A job of this kind runs for the workspace now (its worker's heartbeat is alive). */
async function isJobRunning(workspaceId: string, kind: string): Promise<boolean> {
  return (await runningForMs(workspaceId, kind)) !== null;
}

/**
 * Other background work over new rollouts (the reward-hack scan) gives way to the workspace's search
 * indexing: resolves once no search-index job of the workspace is running (with a live heartbeat),
 * after MAX_INDEXING_YIELD_MS at most, or at once when `signal` aborts. Both are CPU-bound on the
 * same database; run side by side, they made an import's rollouts searchable later (bench/import.ts),
 * while a scan that starts a few seconds later costs nobody anything.
 */
export async function yieldToSearchIndexing(workspaceId: string, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + MAX_INDEXING_YIELD_MS;
  while (!signal?.aborted && Date.now() < deadline) {
    if (!(await isJobRunning(workspaceId, searchIndexJob.kind))) return;
    await pause(INDEXING_POLL_MS, signal);
  }
}
