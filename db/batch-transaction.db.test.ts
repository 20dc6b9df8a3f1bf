import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { configureBatchTransaction } from "./batch-transaction";

const settings = async (executor: Pick<typeof db, "execute">) => {
  const [row] = await executor.execute<{ jit: string; work_mem: string }>(
    sql`select current_setting('jit') as jit, current_setting('work_mem') as work_mem`,
  );
  return row;
};

describe("a background batch's transaction", () => {
  it("turns JIT off and sets work_mem until the transaction ends", async () => {
    const before = await settings(db);
    await db.transaction(async (tx) => {
      await configureBatchTransaction(tx, { workMem: "64MB" });
      expect(await settings(tx)).toEqual({ jit: "off", work_mem: "64MB" });
    });
    await db.transaction(async (tx) => {
      await configureBatchTransaction(tx);
      expect(await settings(tx)).toEqual({ jit: "off", work_mem: before.work_mem });
    });
    expect(await settings(db)).toEqual(before);
  });
});
