import { describe, expect, it } from "vitest";
import { asForeground, FOREGROUND_LULL_MS } from "@/db/foreground";
import { sliceCpuWork } from "./yield-to-foreground";

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("CPU-bound background loops let requests in between slices", () => {
  it("pauses only once a slice's time has passed", async () => {
    let clock = 0;
    const pause = sliceCpuWork({ sliceMs: 5, now: () => clock });
    clock = 4;
    expect(await pause()).toBe(false);
    clock = 5;
    expect(await pause()).toBe(true);
    clock = 9;
    expect(await pause()).toBe(false);
  });

  it("lets a request that arrived mid-batch run before the batch goes on", async () => {
    await later(FOREGROUND_LULL_MS);
    const events: string[] = [];
    // A "request" scheduled while the loop burns CPU: it can only run when the loop yields.
    setImmediate(() => events.push("request"));
    const pause = sliceCpuWork({ sliceMs: 1 });
    for (let item = 0; item < 3; item++) {
      const until = performance.now() + 2;
      while (performance.now() < until) {
        // busy: one item's CPU work
      }
      await pause();
      events.push(`item ${item}`);
    }
    expect(events.indexOf("request")).toBe(0);
  });

  it("waits for the lull while an interactive query runs", async () => {
    let finish = () => {};
    const query = asForeground(() => new Promise<void>((resolve) => (finish = resolve)));
    let clock = 0;
    const pause = sliceCpuWork({ sliceMs: 5, now: () => clock });
    clock = 10;
    let resumed = false;
    const paused = pause().then(() => (resumed = true));
    await later(40);
    expect(resumed).toBe(false);
    finish();
    await query;
    await paused;
    expect(resumed).toBe(true);
  });
});
