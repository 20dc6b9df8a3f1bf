import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";

// For tests that check which plan Postgres (or PGlite) chooses for a statement: plans that depend
// on table statistics went wrong where nothing had run ANALYZE (lib/search/, lib/scanners/).

/** A node of EXPLAIN (FORMAT JSON), with the fields the tests read. */
export type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Actual Loops"?: number;
  "Actual Rows"?: number;
  Plans?: PlanNode[];
};

/** Runs the statement under EXPLAIN ANALYZE; returns its plan's nodes, the root first. */
export async function explainPlan(executor: Executor, query: SQLWrapper | SQL): Promise<PlanNode[]> {
  const [row] = await executor.execute<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
    sql`explain (analyze, costs off, format json) ${query}`,
  );
  return flatten(row["QUERY PLAN"][0].Plan);
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/**
 * Two cases for `describe.each`: the table without column statistics (as PGlite, or a Postgres
 * without autovacuum, leaves it until something runs ANALYZE), then after ANALYZE. Each case's
 * function puts the table in that state.
 */
export function statisticsCases(executor: Executor, table: string): [string, () => Promise<unknown>][] {
  return [
    ["without statistics", () => dropStatistics(executor, [table])],
    ["after ANALYZE", () => executor.execute(sql.raw(`analyze "${table}"`))],
  ];
}

/** Forgets the tables' column statistics, as if nothing had run ANALYZE on them. */
export async function dropStatistics(executor: Executor, tables: string[]): Promise<void> {
  for (const table of tables)
    await executor.execute(sql`delete from pg_statistic where starelid = ${table}::regclass`);
}

/** The table has column statistics (something ran ANALYZE on it). */
export async function hasStatistics(executor: Executor, table: string): Promise<boolean> {
  const [row] = await executor.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_statistic where starelid = ${table}::regclass`,
  );
  return Number(row.n) > 0;
}
