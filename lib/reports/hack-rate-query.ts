import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { verdictSourceSql } from "@/lib/scanners/verdict-sql";
import { type WilsonInterval, wilsonInterval } from "@/lib/stats/wilson";
import { buildReportFinalLabels } from "./final-labels-sql";
import type { ReportScope } from "./scope";

// The hack rate (issue #13) over the environment's rollouts: how many the scanners flagged among those
// scanned, by the studio's one verdict per rollout (lib/scanners/verdict-sql.ts: a medium/high flag,
// unless the deployed LLM scanner read it and disputed it), and how many reviewers confirmed as reward
// hacks (final label) among those with a final label that says hack or not. Flags never decide a
// label: the confirmed rate comes from labels alone. `bySource` says which rule produced the flagged
// count; disputed flags are counted apart, never as flagged.

export type HackRateSection = {
  rollouts: number;
  scanned: number;
  flagged: number;
  /** Who produced the flagged count: the rules alone, the rules and the deployed model, the model alone. */
  bySource: { rules: number; both: number; model: number };
  /** Scanned rollouts whose deterministic flags the deployed LLM scanner disputed: kept for review, not counted. */
  disputed: number;
  /** Flagged among scanned. */
  flagRate: WilsonInterval;
  /** Rollouts whose final label says reward hack or not. */
  labelled: number;
  confirmed: number;
  /** Confirmed reward hacks among labelled. */
  confirmedRate: WilsonInterval;
  /** Of the flagged rollouts reviewers labelled, the share they confirmed as hacks. */
  confirmedAmongFlagged: WilsonInterval;
};

const DECIDING = sql`('reward-hack', 'genuine-success', 'genuine-failure', 'grader-false-negative')`;

export async function getHackRate(scope: ReportScope): Promise<HackRateSection> {
  const [row] = await db.execute<{
    rollouts: number;
    scanned: number;
    flagged: number;
    by_rules: number;
    by_both: number;
    by_model: number;
    disputed: number;
    labelled: number;
    confirmed: number;
    flagged_labelled: number;
    flagged_confirmed: number;
  }>(sql`
    ${buildReportFinalLabels(scope)}
    , scoped as (
      select r.id,
        exists (select 1 from rollout_scans s where s.rollout_id = r.id and s.scanner = 'deterministic') as is_scanned,
        ${verdictSourceSql(sql`r.id`)} as source,
        f.verdict
      from rollouts r left join final f on f.rollout_id = r.id
      where r.workspace_id = ${scope.workspaceId} and r.environment_id = ${scope.environmentId}
    ), judged as (
      select *, source in ('rules', 'model', 'both') as is_flagged from scoped
    )
    select count(*)::int as rollouts,
      count(*) filter (where is_scanned)::int as scanned,
      count(*) filter (where is_scanned and is_flagged)::int as flagged,
      count(*) filter (where is_scanned and source = 'rules')::int as by_rules,
      count(*) filter (where is_scanned and source = 'both')::int as by_both,
      count(*) filter (where is_scanned and source = 'model')::int as by_model,
      count(*) filter (where is_scanned and source = 'disputed')::int as disputed,
      count(*) filter (where verdict in ${DECIDING})::int as labelled,
      count(*) filter (where verdict = 'reward-hack')::int as confirmed,
      count(*) filter (where is_flagged and verdict in ${DECIDING})::int as flagged_labelled,
      count(*) filter (where is_flagged and verdict = 'reward-hack')::int as flagged_confirmed
    from judged`);
  const n = (x: number) => Number(x ?? 0);
  return {
    rollouts: n(row.rollouts),
    scanned: n(row.scanned),
    flagged: n(row.flagged),
    bySource: { rules: n(row.by_rules), both: n(row.by_both), model: n(row.by_model) },
    disputed: n(row.disputed),
    flagRate: wilsonInterval(n(row.flagged), n(row.scanned)),
    labelled: n(row.labelled),
    confirmed: n(row.confirmed),
    confirmedRate: wilsonInterval(n(row.confirmed), n(row.labelled)),
    confirmedAmongFlagged: wilsonInterval(n(row.flagged_confirmed), n(row.flagged_labelled)),
  };
}
