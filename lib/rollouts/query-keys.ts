// TanStack Query keys of the rollouts domain; invalidate `rolloutKeys.all` after a mutation.

export const rolloutKeys = {
  all: ["rollouts"] as const,
  /** One window of `size` messages starting at `start`. */
  window: (rolloutId: string, start: number, size: number) =>
    [...rolloutKeys.all, rolloutId, "window", start, size] as const,
  /** One message in full (after "Show all" on a cut message). */
  message: (rolloutId: string, index: number) => [...rolloutKeys.all, rolloutId, "message", index] as const,
  find: (rolloutId: string, q: string) => [...rolloutKeys.all, rolloutId, "find", q] as const,
};

/** Messages per window of the transcript viewer: the unit of fetching and caching. */
export const TRANSCRIPT_WINDOW_SIZE = 100;
/** Characters of content/reasoning a window carries per message; "Show all" fetches the rest. */
export const TRANSCRIPT_WINDOW_MAX_CHARS = 8_000;
