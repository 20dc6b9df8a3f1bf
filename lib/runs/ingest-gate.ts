import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// Explicit backpressure for live runs: at most `maxActive` batches are written at once in this
// process and `maxWaiting` more wait in line. When the line is full the studio is behind, and the
// request fails at once with 429 and Retry-After; nothing of it was stored, so the client resends
// it (same keys) later. Never a silent drop.

// Live appends also come first for the background work of the same process: search indexing and
// scanning cost more database time than storing the rollouts (bench/ingest.ts), so between their
// batches they wait for a lull in appends. Under a steady stream they take turns instead: one
// background batch may start every MAX_YIELD_MS (the one that has waited longest), so they keep going,
// slower, without several heavy batches landing on the database at once beside the appends (that
// is what made the slowest appends slow), and they catch up between a trainer's steps.

export type IngestGate = {
  /** Runs `work` when a writer is free; throws `rate_limited` when the line is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Resolves once no batch has been written for LULL_MS, or at the waiter's turn while batches keep
   * coming: waiters take turns in the order they came, one every `maxWaitMs` (or at once when
   * `signal` aborts). Background work calls it before each of its batches.
   */
  waitForLull(options?: { maxWaitMs?: number; signal?: AbortSignal }): Promise<void>;
  readonly active: number;
  readonly waiting: number;
};

export const RETRY_AFTER_SECONDS = 1;
/** How long appends must pause before background work goes on at full speed. */
export const LULL_MS = 250;
/** While appends keep coming, one background batch may start this often (the longest waiting first). */
export const MAX_YIELD_MS = 2_000;
const LULL_POLL_MS = 50;

export function createIngestGate({ maxActive, maxWaiting }: { maxActive: number; maxWaiting: number }) {
  let active = 0;
  /** When the last write ended (0: none yet). */
  let idleSince = 0;
  const line: (() => void)[] = [];
  const release = () => {
    const next = line.shift();
    if (next) next();
    else if (--active === 0) idleSince = Date.now();
  };
  const isLull = () => active === 0 && Date.now() - idleSince >= LULL_MS;
  /** Background waiters in the order they came; the first takes the next turn. */
  const turns: object[] = [];
  /** When a waiter last went on while appends kept coming (0: never). */
  let lastTurnAt = 0;
  const gate: IngestGate = {
    get active() {
      return active;
    },
    get waiting() {
      return line.length;
    },
    async run(work) {
      if (active < maxActive) active++;
      else if (line.length < maxWaiting) await new Promise<void>((resolve) => line.push(resolve));
      else
        throw new AppError("rate_limited", "The studio is behind on writes; retry this batch shortly.", {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
      try {
        return await work();
      } finally {
        release();
      }
    },
    async waitForLull({ maxWaitMs = MAX_YIELD_MS, signal } = {}) {
      if (isLull()) return;
      const me = {};
      turns.push(me);
      const started = Date.now();
      const isMyTurn = () => {
        const now = Date.now();
        return turns[0] === me && now - started >= maxWaitMs && now - lastTurnAt >= maxWaitMs;
      };
      try {
        while (!isLull() && !signal?.aborted) {
          if (isMyTurn()) {
            lastTurnAt = Date.now();
            return;
          }
          await new Promise<void>((resolve) => setTimeout(resolve, LULL_POLL_MS).unref());
        }
      } finally {
        turns.splice(turns.indexOf(me), 1);
      }
    },
  };
  return gate;
}

// One gate per process, on globalThis: Next may load this module in more than one bundle.
const globalForGate = globalThis as unknown as { studioIngestGate?: IngestGate };

export function getIngestGate(): IngestGate {
  globalForGate.studioIngestGate ??= createIngestGate({
    maxActive: env.INGEST_MAX_ACTIVE,
    maxWaiting: env.INGEST_MAX_WAITING,
  });
  return globalForGate.studioIngestGate;
}

/** Tests replace the process's gate to exercise overload. */
export function setIngestGate(gate: IngestGate | undefined): void {
  globalForGate.studioIngestGate = gate;
}
