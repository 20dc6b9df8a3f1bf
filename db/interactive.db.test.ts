import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { db } from "./client";
import { preferOrderedIndexScans, runInteractive } from "./interactive";

const setting = async (name: string, executor: Pick<typeof db, "execute"> = db) => {
  const [row] = await executor.execute<{ value: string }>(sql`select current_setting(${name}) as value`);
  return row.value;
};

describe("runInteractive", () => {
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
