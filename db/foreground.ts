// What someone is waiting for right now in this process: interactive queries (db/interactive.ts)
// count themselves here, and background batches wait for a lull before each batch
// (lib/jobs/yield-to-foreground.ts), so a search or a page load never queues behind a
// scan or the indexer on the same cores. Process-wide (on globalThis: Next may load this module in
// more than one bundle); a separate `studio worker` process has its own and so does not wait.

type ForegroundState = { running: number; lastEndedAt: number };

const globalForForeground = globalThis as unknown as { studioForeground?: ForegroundState };
globalForForeground.studioForeground ??= { running: 0, lastEndedAt: 0 };
const state = globalForForeground.studioForeground;

/** How long after the last interactive query ended background work waits before it goes on. */
export const FOREGROUND_LULL_MS = 100;
/** The longest one background batch waits under steady interactive load, so it still progresses. */
export const FOREGROUND_MAX_WAIT_MS = 1_000;
const POLL_MS = 10;

/** Counts `work` as foreground while it runs. */
export async function asForeground<T>(work: () => Promise<T>): Promise<T> {
  state.running++;
  try {
    return await work();
  } finally {
    state.running--;
    state.lastEndedAt = Date.now();
  }
}

export function isForegroundBusy(now = Date.now()): boolean {
  return state.running > 0 || now - state.lastEndedAt < FOREGROUND_LULL_MS;
}

/**
 * Resolves once no interactive query has run for FOREGROUND_LULL_MS, after `maxWaitMs` at most, or
 * at once when `signal` aborts.
 */
export async function waitForForegroundLull({
  maxWaitMs = FOREGROUND_MAX_WAIT_MS,
  signal,
}: {
  maxWaitMs?: number;
  signal?: AbortSignal;
} = {}): Promise<void> {
  const deadline = Date.now() + maxWaitMs;
  while (isForegroundBusy() && !signal?.aborted && Date.now() < deadline) {
    await new Promise<void>((resolve) => setTimeout(resolve, POLL_MS).unref());
  }
}
