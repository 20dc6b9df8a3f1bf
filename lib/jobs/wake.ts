// Lets an enqueue in this process wake this process's worker at once instead of at its next poll.
// (Other processes find the job at their next poll: about a second.)

type WakeState = { listeners: Set<() => void> };
const globalForWake = globalThis as unknown as { studioJobWake?: WakeState };

function state(): WakeState {
  globalForWake.studioJobWake ??= { listeners: new Set() };
  return globalForWake.studioJobWake;
}

export function wakeWorker(): void {
  for (const listener of state().listeners) listener();
}

/** Subscribes a worker loop; returns the unsubscribe function. */
export function onWake(listener: () => void): () => void {
  state().listeners.add(listener);
  return () => state().listeners.delete(listener);
}
