import { describe, expect, it } from "vitest";
import { asForeground, FOREGROUND_LULL_MS, isForegroundBusy, waitForForegroundLull } from "./foreground";

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("background work gives way to interactive queries", () => {
  it("waits while a query runs and for the lull after it, then goes on", async () => {
    await later(FOREGROUND_LULL_MS);
    const events: string[] = [];
    let finish = () => {};
    const query = asForeground(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    ).then(() => events.push("query done"));
    expect(isForegroundBusy()).toBe(true);
    const batch = waitForForegroundLull({ maxWaitMs: 60_000 }).then(() => events.push("batch starts"));
    await later(50);
    expect(events).toEqual([]);
    const endedAt = Date.now();
    finish();
    await Promise.all([query, batch]);
    expect(events).toEqual(["query done", "batch starts"]);
    expect(Date.now() - endedAt).toBeGreaterThanOrEqual(FOREGROUND_LULL_MS - 5);
  });

  it("goes on after maxWaitMs under steady load, and at once when its job is cancelled", async () => {
    let finish = () => {};
    const query = asForeground(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const started = Date.now();
    await waitForForegroundLull({ maxWaitMs: 80 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    const controller = new AbortController();
    controller.abort();
    const abortedAt = Date.now();
    await waitForForegroundLull({ maxWaitMs: 60_000, signal: controller.signal });
    expect(Date.now() - abortedAt).toBeLessThan(50);
    finish();
    await query;
  });

  it("counts a query that failed as ended", async () => {
    await expect(asForeground(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await later(FOREGROUND_LULL_MS + 5);
    expect(isForegroundBusy()).toBe(false);
  });
});
