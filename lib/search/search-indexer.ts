import { hasSingleConnection } from "@/db/client";
import { DEFAULT_MESSAGE_BUDGET, INDEX_WORKERS, indexPendingRollouts, isEmptyBatch } from "./index-rollouts";

// The studio server's background indexer: indexes whatever imports left pending, batch after batch,
// then sleeps until an import in this process wakes it or the poll finds work from another process
// (a `studio import` from the CLI). Batches are small on the embedded database, whose one
// connection the web requests share, so pages stay responsive while a big import is indexed.

const IDLE_POLL_MS = 3_000;
const RETRY_AFTER_ERROR_MS = 30_000;
const SINGLE_CONNECTION_MESSAGE_BUDGET = 1_000;

type IndexerState = { wake: (() => void) | null };
// On globalThis: Next may load this module in more than one bundle, and there is one indexer.
const globalForIndexer = globalThis as unknown as { studioSearchIndexer?: IndexerState };

/** Starts the indexer loop once per process; later calls do nothing. */
export function startSearchIndexer(): void {
  if (globalForIndexer.studioSearchIndexer) return;
  const state: IndexerState = { wake: null };
  globalForIndexer.studioSearchIndexer = state;
  const messageBudget = hasSingleConnection() ? SINGLE_CONNECTION_MESSAGE_BUDGET : DEFAULT_MESSAGE_BUDGET;
  void (async () => {
    for (;;) {
      let pause = 0;
      try {
        const batches = await Promise.all(
          Array.from({ length: INDEX_WORKERS }, () => indexPendingRollouts({ messageBudget })),
        );
        if (batches.every(isEmptyBatch)) pause = IDLE_POLL_MS;
      } catch (error) {
        console.error("[search] indexing failed; retrying later", error);
        pause = RETRY_AFTER_ERROR_MS;
      }
      if (pause > 0) await sleepUntilWoken(state, pause);
    }
  })();
}

/** Tells this process's indexer that new rollouts await indexing (no-op when none runs here). */
export function wakeSearchIndexer(): void {
  globalForIndexer.studioSearchIndexer?.wake?.();
}

function sleepUntilWoken(state: IndexerState, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      state.wake = null;
      resolve();
    }
    state.wake = done;
  });
}
