import { isForegroundBusy, waitForForegroundLull } from "@/db/foreground";
import { getIngestGate } from "@/lib/runs/ingest-gate";

/**
 * Background work of this process (search indexing, scanning) calls this before each batch: it gives
 * way to live appends (lib/runs/ingest-gate.ts), then to the interactive queries someone is waiting
 * for (db/foreground.ts).
 */
export async function yieldToForegroundWork(signal?: AbortSignal): Promise<void> {
  await getIngestGate().waitForLull({ signal });
  await waitForForegroundLull({ signal });
}

/** The most CPU time a background loop holds the event loop for before it lets requests in. */
export const CPU_SLICE_MS = 5;
/** Under steady interactive load a slice waits at most this long, so the batch still progresses. */
const SLICE_MAX_WAIT_MS = 250;

/**
 * For CPU-bound loops inside one background batch (the deterministic scan runs in the web server's
 * own event loop): the returned function, awaited between items, returns at once until CPU_SLICE_MS
 * have passed since the last pause, then pauses: it waits for a lull while an interactive query is
 * running, else lets the event loop turn once (setImmediate), so a request that arrived mid-batch
 * waits for one slice, not for the batch.
 */
export function sliceCpuWork({
  sliceMs = CPU_SLICE_MS,
  signal,
  now = () => performance.now(),
}: {
  sliceMs?: number;
  signal?: AbortSignal;
  now?: () => number;
} = {}): () => Promise<boolean> {
  let sliceStartedAt = now();
  return async () => {
    if (now() - sliceStartedAt < sliceMs) return false;
    if (isForegroundBusy()) await waitForForegroundLull({ maxWaitMs: SLICE_MAX_WAIT_MS, signal });
    else await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStartedAt = now();
    return true;
  };
}
