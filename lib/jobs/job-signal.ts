import { setMaxListeners } from "node:events";

// The abort controller of one job attempt. Every provider request of the job listens on its signal
// (a judge job has dozens in flight at once), so many listeners are expected here, not a leak:
// Node's MaxListenersExceededWarning past ten is turned off for this signal only.

export function createJobAbortController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}
