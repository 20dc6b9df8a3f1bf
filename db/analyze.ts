import { sql } from "drizzle-orm";
import type { Executor } from "./client";

// Statistics follow bulk writes (issue #11): the embedded database has no autovacuum and a server
// may run with it off or lagging, and without statistics the planner misjudges full-text searches
// badly. Jobs that fill tables in bulk (imports, search indexing) call this when they are done.

/** Tables bulk jobs fill; ANALYZE takes no user input. */
export type AnalyzableTable = "rollouts" | "messages" | "message_search" | "runs";

/** Rows written by one job above which it refreshes the tables' statistics. */
export const ANALYZE_AFTER_ROWS = 1_000;

export async function analyzeTables(executor: Executor, tables: AnalyzableTable[]): Promise<void> {
  if (tables.length === 0) return;
  await executor.execute(sql.raw(`analyze ${tables.map((t) => `"${t}"`).join(", ")}`));
}
