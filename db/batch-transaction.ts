import { sql } from "drizzle-orm";
import type { Executor } from "./client";

// Settings for a background batch's transaction (search indexing, the reward-hack scan, judges'
// transcript reads): the counterpart of db/interactive.ts, which sets its own for web requests.

/**
 * No JIT compilation, and `workMem` when given, until the transaction ends. Postgres compiles any
 * plan whose estimated cost passes jit_above_cost, and estimates made without statistics (imports
 * leave the messages' ANALYZE to their indexing) passed it for statements that take milliseconds:
 * compiling cost 16 ms a batch on the import bench, 172 ms for a scan batch that then ran in 6 ms
 * (312,000 messages). What these batches spend their time on (to_tsvector, reading rows) gains
 * nothing from it.
 */
export async function configureBatchTransaction(tx: Executor, { workMem }: { workMem?: string } = {}) {
  await tx.execute(
    sql`select set_config('jit', 'off', true)${workMem ? sql`, set_config('work_mem', ${workMem}, true)` : sql``}`,
  );
}
