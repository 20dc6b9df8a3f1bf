import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { UNKNOWN_MODEL } from "./difficulty-query";
import { buildPassCondition } from "./pass-rule";
import type { ReportScope } from "./scope";

// The paired comparison in SQL: for each task, both models' scored rollouts and passes.

export type PairedCounts = { task: string; aN: number; aPassed: number; bN: number; bPassed: number };

export type ModelCount = { model: string; rollouts: number; tasks: number };

export async function listPairedCounts(
  scope: ReportScope,
  { a, b }: { a: string; b: string },
): Promise<PairedCounts[]> {
  const model = sql`coalesce(r.model, ${UNKNOWN_MODEL})`;
  const pass = buildPassCondition("t", "r");
  const rows = await db.execute<{
    task: string;
    a_n: number;
    a_passed: number;
    b_n: number;
    b_passed: number;
  }>(sql`
    select t.key as task,
      count(*) filter (where ${model} = ${a})::int as a_n,
      count(*) filter (where ${model} = ${a} and ${pass})::int as a_passed,
      count(*) filter (where ${model} = ${b})::int as b_n,
      count(*) filter (where ${model} = ${b} and ${pass})::int as b_passed
    from rollouts r
    join tasks t on t.id = r.task_id and t.archived_at is null
    where r.workspace_id = ${scope.workspaceId} and r.environment_id = ${scope.environmentId}
      and t.environment_id = ${scope.environmentId} and r.reward is not null and ${model} in (${a}, ${b})
    group by t.key
    order by t.key`);
  return rows.map((row) => ({
    task: row.task,
    aN: row.a_n,
    aPassed: row.a_passed,
    bN: row.b_n,
    bPassed: row.b_passed,
  }));
}

/** The models with scored, linked rollouts in the environment, most rollouts first. */
export async function listReportModels(scope: ReportScope): Promise<ModelCount[]> {
  const rows = await db.execute<{ model: string; rollouts: number; tasks: number }>(sql`
    select coalesce(r.model, ${UNKNOWN_MODEL}) as model, count(*)::int as rollouts, count(distinct r.task_id)::int as tasks
    from rollouts r
    join tasks t on t.id = r.task_id and t.archived_at is null
    where r.workspace_id = ${scope.workspaceId} and r.environment_id = ${scope.environmentId} and r.reward is not null
    group by 1
    order by 2 desc, 1`);
  return rows.map((row) => ({ model: row.model, rollouts: row.rollouts, tasks: row.tasks }));
}
