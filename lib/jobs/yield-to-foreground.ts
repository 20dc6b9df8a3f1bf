import { waitForForegroundLull } from "@/db/foreground";
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
