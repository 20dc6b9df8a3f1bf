import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { db } from "./client";
import { FOREGROUND_LULL_MS, waitForForegroundLull } from "./foreground";
import { preferOrderedIndexScans, runInteractive } from "./interactive";

const setting = async (name: string, executor: Pick<typeof db, "execute"> = db) => {
  const [row] = await executor.execute<{ value: string }>(sql`select current_setting(${name}) as value`);
  return row.value;
};

describe("runInteractive", () => {
  it("holds background batches back while it runs (db/foreground.ts)", async () => {
    const events: string[] = [];
    const query = runInteractive({}, async (tx) => {
      await tx.execute(sql`select pg_sleep(0.3)`);
      events.push("query done");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await waitForForegroundLull({ maxWaitMs: 60_000 }).then(() => events.push("batch starts"));
    await query;
    expect(events).toEqual(["query done", "batch starts"]);
    // And once the lull has passed, a batch starts at once.
    await new Promise((resolve) => setTimeout(resolve, FOREGROUND_LULL_MS));
    const started = Date.now();
    await waitForForegroundLull({ maxWaitMs: 60_000 });
    expect(Date.now() - started).toBeLessThan(50);
  });

  it("applies its settings to its own transaction only", async () => {
    const inside = await runInteractive({ timeoutMs: 1234 }, async (tx) => {
      await preferOrderedIndexScans(tx);
      return {
        timeout: await setting("statement_timeout", tx),
        planCache: await setting("plan_cache_mode", tx),
        bitmap: await setting("enable_bitmapscan", tx),
      };
    });
    expect(inside).toEqual({ timeout: "1234ms", planCache: "force_custom_plan", bitmap: "off" });
    expect(await setting("plan_cache_mode")).toBe("auto");
    expect(await setting("enable_bitmapscan")).toBe("on");
  });

  it("never starts for a request that is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    let started = false;
    const error = await runInteractive({ signal: controller.signal }, async () => {
      started = true;
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(started).toBe(false);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
  });
});
