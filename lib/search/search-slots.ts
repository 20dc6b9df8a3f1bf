import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// A bound on the searches one workspace runs at once in this process, so a burst of expensive
// searches (or a client retrying in a loop) can't take every database connection: a few run,
// a few more wait their turn, the rest are told to retry (429).

/** Searches that may wait per workspace, beyond those running. */
const MAX_WAITING = 8;

type Waiter = { start: () => void };
type WorkspaceSlots = { running: number; waiting: Waiter[] };

const globalForSlots = globalThis as unknown as { studioSearchSlots?: Map<string, WorkspaceSlots> };
globalForSlots.studioSearchSlots ??= new Map();
const slotsByWorkspace = globalForSlots.studioSearchSlots;

/**
 * Runs `work` when one of the workspace's search slots is free. A request aborted while waiting
 * leaves the queue. `limit` defaults to SEARCH_CONCURRENCY_PER_WORKSPACE.
 */
export async function withSearchSlot<T>(
  {
    workspaceId,
    signal,
    limit = env.SEARCH_CONCURRENCY_PER_WORKSPACE,
  }: {
    workspaceId: string;
    signal?: AbortSignal;
    limit?: number;
  },
  work: () => Promise<T>,
): Promise<T> {
  signal?.throwIfAborted();
  const slots: WorkspaceSlots = slotsByWorkspace.get(workspaceId) ?? { running: 0, waiting: [] };
  slotsByWorkspace.set(workspaceId, slots);
  if (slots.running >= limit) {
    if (slots.waiting.length >= MAX_WAITING) {
      throw new AppError(
        "rate_limited",
        "Too many searches are running in this workspace; try again shortly.",
      );
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        slots.waiting = slots.waiting.filter((w) => w !== waiter);
        reject(new AppError("bad_request", "The request was cancelled."));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      slots.waiting.push(waiter);
    });
  } else {
    slots.running += 1;
  }
  try {
    return await work();
  } finally {
    const next = slots.waiting.shift();
    // The slot passes straight to the next waiter; otherwise it is released.
    if (next) next.start();
    else {
      slots.running -= 1;
      if (slots.running === 0) slotsByWorkspace.delete(workspaceId);
    }
  }
}

/** Searches running and waiting in a workspace (for tests and diagnostics). */
export function countSearchSlots(workspaceId: string): { running: number; waiting: number } {
  const slots = slotsByWorkspace.get(workspaceId);
  return { running: slots?.running ?? 0, waiting: slots?.waiting.length ?? 0 };
}
