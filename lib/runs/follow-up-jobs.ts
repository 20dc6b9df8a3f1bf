import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { requestSearchIndexing } from "@/lib/search/search-index-job";

// After rollouts land in a live run, the background jobs that follow them (search indexing) are
// requested. Batches arrive many times a second, so requests coalesce per workspace: one in flight,
// and one more after it when batches arrived meanwhile. The jobs themselves dedupe by key.

type Pending = { isRunning: boolean; isWanted: boolean };
const globalForFollowUp = globalThis as unknown as { studioLiveFollowUp?: Map<string, Pending> };

export function requestFollowUpJobs(ctx: Ctx): void {
  globalForFollowUp.studioLiveFollowUp ??= new Map();
  const states = globalForFollowUp.studioLiveFollowUp;
  const state = states.get(ctx.workspace.id) ?? { isRunning: false, isWanted: false };
  states.set(ctx.workspace.id, state);
  state.isWanted = true;
  if (state.isRunning) return;
  state.isRunning = true;
  void (async () => {
    while (state.isWanted) {
      state.isWanted = false;
      await requestSearchIndexing(ctx).catch((error: unknown) =>
        console.error("[runs] could not request search indexing", error),
      );
    }
    state.isRunning = false;
  })();
}
