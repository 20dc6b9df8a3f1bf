import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { requestScanning } from "@/lib/scanners/scan-job";
import { requestSearchIndexing } from "@/lib/search/search-index-job";

// What follows when rollouts are stored, decided in one place (docs/architecture.md, The background
// pipeline). Whoever stores rollouts calls one of these: the import job (lib/imports/import-job.ts)
// and the live-run routes (appends, OTLP exports). The order:
//   1. search indexing, so new rollouts become searchable first;
//   2. the deterministic reward-hack scan, once the rollouts are stored for good;
//   3. the deployed LLM scanner, which the scan job asks for when it scanned something, since it takes
//      the scan's flags as hints (lib/scanners/scan-job.ts).
// The waiting rules live in the jobs themselves: an indexer waits while the workspace imports (one runs
// beside a long import), the scan waits for the workspace's indexing, and both give way to foreground
// work before each batch (lib/jobs/yield-to-foreground.ts). Every request is a job with a key, so
// repeated requests coalesce into one queued job per workspace and kind.

/** Part of an import is stored: index what is there so far (the scan waits for the whole import). */
export async function afterRolloutsPartlyStored(ctx: Ctx): Promise<void> {
  await requestSearchIndexing(ctx);
}

/**
 * Rollouts are stored for good: index them, then scan them. A failed index request throws (the
 * caller's job retries); a failed scan request is logged, since the next store asks again.
 */
export async function afterRolloutsStored(ctx: Ctx): Promise<void> {
  await requestSearchIndexing(ctx);
  await requestScanning(ctx).catch((error: unknown) =>
    console.error("[pipeline] could not request scanning", error),
  );
}

// Live runs store batches many times a second, so their requests coalesce per workspace: one in
// flight, and one more after it when batches arrived meanwhile.
type Pending = { isRunning: boolean; isWanted: boolean };
const globalForLive = globalThis as unknown as { studioLiveFollowUp?: Map<string, Pending> };

/** A live run stored rollouts or messages: afterRolloutsStored, coalesced, in the background. */
export function afterLiveRolloutsStored(ctx: Ctx): void {
  globalForLive.studioLiveFollowUp ??= new Map();
  const states = globalForLive.studioLiveFollowUp;
  const state = states.get(ctx.workspace.id) ?? { isRunning: false, isWanted: false };
  states.set(ctx.workspace.id, state);
  state.isWanted = true;
  if (state.isRunning) return;
  state.isRunning = true;
  void (async () => {
    while (state.isWanted) {
      state.isWanted = false;
      await afterRolloutsStored(ctx).catch((error: unknown) =>
        console.error("[pipeline] could not request search indexing", error),
      );
    }
    state.isRunning = false;
  })();
}
