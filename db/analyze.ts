import { sql } from "drizzle-orm";
import type { Executor } from "./client";

// Statistics follow bulk writes (issue #11): the embedded database has no autovacuum and a server
// may run with it off or lagging, and without statistics the planner misjudges full-text searches
// badly. Jobs that fill tables in bulk (imports, search indexing) call this when they are done.

/** Tables bulk jobs fill; ANALYZE takes no user input. */
export type AnalyzableTable = "rollouts" | "messages" | "message_search" | "runs";

/**
 * Columns whose statistics the planner uses, where they are a few of a wide table's. Queries find
 * messages by rollout, workspace, index and role; statistics of their text and JSON columns, which
 * nothing filters on, were half of an ANALYZE's CPU after an import (0.35 of 0.7 s for the import
 * bench's 104,000 messages). The row count is refreshed whatever the columns.
 */
const ANALYZED_COLUMNS: Partial<Record<AnalyzableTable, string[]>> = {
  messages: ["rollout_id", "workspace_id", "index", "role"],
};

/** Rows written by one job above which it refreshes the tables' statistics. */
export const ANALYZE_AFTER_ROWS = 1_000;

export async function analyzeTables(executor: Executor, tables: AnalyzableTable[]): Promise<void> {
  if (tables.length === 0) return;
  const targets = tables.map((t) => {
    const columns = ANALYZED_COLUMNS[t];
    return columns ? `"${t}" (${columns.map((c) => `"${c}"`).join(", ")})` : `"${t}"`;
  });
  await executor.execute(sql.raw(`analyze ${targets.join(", ")}`));
}
