import { afterEach, describe, expect, it, vi } from "vitest";
import { createJobAbortController } from "./job-signal";

afterEach(() => {
  vi.restoreAllMocks();
});

const listenOn = (signal: AbortSignal, n: number) => {
  for (let i = 0; i < n; i++) signal.addEventListener("abort", () => {});
};
const warnedAboutListeners = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.some(
    (call) => String(call[0]).includes("MaxListenersExceeded") || call[1] === "MaxListenersExceededWarning",
  );

describe("a job's abort signal", () => {
  it("takes fifty listeners (one per provider request in flight) without Node's leak warning", () => {
    const spy = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    listenOn(createJobAbortController().signal, 50);
    expect(warnedAboutListeners(spy)).toBe(false);
    // A plain controller does warn, so the check above can fail.
    listenOn(new AbortController().signal, 50);
    expect(warnedAboutListeners(spy)).toBe(true);
  });
});
