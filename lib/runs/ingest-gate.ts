import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// Explicit backpressure for live runs: at most `maxActive` batches are written at once in this
// process and `maxWaiting` more wait in line. When the line is full the studio is behind, and the
// request fails at once with 429 and Retry-After; nothing of it was stored, so the client resends
// it (same keys) later. Never a silent drop.

export type IngestGate = {
  /** Runs `work` when a writer is free; throws `rate_limited` when the line is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
};

export const RETRY_AFTER_SECONDS = 1;

export function createIngestGate({ maxActive, maxWaiting }: { maxActive: number; maxWaiting: number }) {
  let active = 0;
  const line: (() => void)[] = [];
  const release = () => {
    const next = line.shift();
    if (next) next();
    else active--;
  };
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
