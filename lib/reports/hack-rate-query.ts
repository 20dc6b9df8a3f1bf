import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { type WilsonInterval, wilsonInterval } from "@/lib/stats/wilson";
import { buildReportFinalLabels } from "./final-labels-sql";
import type { ReportScope } from "./scope";

// The hack rate (issue #13) over the environment's rollouts: how many the scanners flagged (a flag of
// medium or high severity, any scanner) among those scanned, and how many reviewers confirmed as
// reward hacks (final label) among those with a final label that says hack or not. Flags never
// decide a verdict: the confirmed rate comes from labels alone.

export type HackRateSection = {
  rollouts: number;
  scanned: number;
  flagged: number;
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
    labelled: number;
    confirmed: number;
    flagged_labelled: number;
    flagged_confirmed: number;
  }>(sql`
    ${buildReportFinalLabels(scope)}
    , scoped as (
      select r.id,
        exists (select 1 from rollout_scans s where s.rollout_id = r.id and s.scanner = 'deterministic') as is_scanned,
        exists (select 1 from flags fl where fl.rollout_id = r.id and fl.severity in ('high', 'medium')) as is_flagged,
        f.verdict
      from rollouts r left join final f on f.rollout_id = r.id
      where r.workspace_id = ${scope.workspaceId} and r.environment_id = ${scope.environmentId}
    )
    select count(*)::int as rollouts,
      count(*) filter (where is_scanned)::int as scanned,
      count(*) filter (where is_scanned and is_flagged)::int as flagged,
      count(*) filter (where verdict in ${DECIDING})::int as labelled,
      count(*) filter (where verdict = 'reward-hack')::int as confirmed,
      count(*) filter (where is_flagged and verdict in ${DECIDING})::int as flagged_labelled,
      count(*) filter (where is_flagged and verdict = 'reward-hack')::int as flagged_confirmed
    from scoped`);
  const n = (x: number) => Number(x ?? 0);
  return {
    rollouts: n(row.rollouts),
    scanned: n(row.scanned),
    flagged: n(row.flagged),
    flagRate: wilsonInterval(n(row.flagged), n(row.scanned)),
    labelled: n(row.labelled),
    confirmed: n(row.confirmed),
    confirmedRate: wilsonInterval(n(row.confirmed), n(row.labelled)),
    confirmedAmongFlagged: wilsonInterval(n(row.flagged_confirmed), n(row.flagged_labelled)),
  };
}
