import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { providerLeases } from "@/db/schema";
import { createProviderLimiter, withProviderLimit } from "./provider-limit";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("withProviderLimit", () => {
  it("never runs more requests at once than the provider's concurrency", async () => {
    const key = `test-${randomUUID()}`;
    let inFlight = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        withProviderLimit(key, { concurrency: 2 }, async () => {
          inFlight++;
          most = Math.max(most, inFlight);
          await sleep(120);
          inFlight--;
          return i;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it("starts no more requests per window than the rate allows, and waits for the window", async () => {
    const key = `test-${randomUUID()}`;
    const windowMs = 1_000;
    const starts: number[] = [];
    const began = Date.now();
    await Promise.all(
      Array.from({ length: 5 }, () =>
        withProviderLimit(key, { rpm: 2 }, async () => void starts.push(Date.now()), { windowMs }),
      ),
    );
    starts.sort((a, b) => a - b);
    // Five requests at two per second: the fifth waits two windows.
    expect(starts.at(-1)! - began).toBeGreaterThanOrEqual(1_900);
    for (let i = 2; i < starts.length; i++)
      expect(starts[i] - starts[i - 2]).toBeGreaterThanOrEqual(windowMs - 50);
  });

  it("frees the slot when the request fails", async () => {
    const key = `test-${randomUUID()}`;
    await expect(
      withProviderLimit(key, { concurrency: 1 }, async () => {
        throw new Error("provider said no");
      }),
    ).rejects.toThrow("provider said no");
    expect(await withProviderLimit(key, { concurrency: 1 }, async () => "next")).toBe("next");
  });

  it("does not count a dead worker's lease once it ran out, and waits for a live one", async () => {
    const key = `test-${randomUUID()}`;
    await db.insert(providerLeases).values({
      providerKey: key,
      holder: "dead-worker",
      slots: 1,
      wanted: 1,
      expiresAt: new Date(Date.now() - 1_000),
    });
    expect(await withProviderLimit(key, { concurrency: 1 }, async () => "ran")).toBe("ran");

    const busy = `test-${randomUUID()}`;
    await db.insert(providerLeases).values({
      providerKey: busy,
      holder: "live-worker",
      slots: 1,
      wanted: 1,
      expiresAt: new Date(Date.now() + 60_000),
    });
    let ran = false;
    const waiter = withProviderLimit(busy, { concurrency: 1 }, async () => {
      ran = true;
    });
    await sleep(400);
    expect(ran).toBe(false);
    await db.delete(providerLeases).where(eq(providerLeases.providerKey, busy));
    await waiter;
    expect(ran).toBe(true);
  });

  it("never lets two workers together run more requests at once than the provider's concurrency", async () => {
    const key = `test-${randomUUID()}`;
    const workers = [
      createProviderLimiter({ holder: "worker-a" }),
      createProviderLimiter({ holder: "worker-b" }),
    ];
    let inFlight = 0;
    let most = 0;
    const ranOn = [0, 0];
    try {
      await Promise.all(
        workers.flatMap((worker, w) =>
          Array.from({ length: 12 }, () =>
            worker.run(key, { concurrency: 3 }, async () => {
              inFlight++;
              most = Math.max(most, inFlight);
              ranOn[w]++;
              await sleep(60);
              inFlight--;
            }),
          ),
        ),
      );
    } finally {
      await Promise.all(workers.map((w) => w.close()));
    }
    expect(ranOn).toEqual([12, 12]);
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1);
  });

  it("stops waiting when its signal aborts, without running the request", async () => {
    const key = `test-${randomUUID()}`;
    let release = () => {};
    let started = () => {};
    const isHolding = new Promise<void>((r) => (started = r));
    // The holder has its slot once its request runs (granting it may take a while on a busy machine).
    const holder = withProviderLimit(
      key,
      { concurrency: 1 },
      () =>
        new Promise<void>((r) => {
          release = r;
          started();
        }),
    );
    await isHolding;
    const controller = new AbortController();
    let ran = false;
    const waiter = withProviderLimit(
      key,
      { concurrency: 1 },
      async () => {
        ran = true;
      },
      {
        signal: controller.signal,
      },
    );
    controller.abort(new Error("cancelled"));
    await expect(waiter).rejects.toThrow("cancelled");
    release();
    await holder;
    expect(ran).toBe(false);
  });

  it("rejects limits that are not positive whole numbers", async () => {
    await expect(withProviderLimit("x", { rpm: 0 }, async () => 1)).rejects.toThrow("positive whole number");
  });
});
