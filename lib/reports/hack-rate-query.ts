import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { verdictSourceSql } from "@/lib/scanners/verdict-sql";
import { type CorrectedRate, correctedRate } from "@/lib/stats/corrected-rate";
import { type WilsonInterval, wilsonInterval } from "@/lib/stats/wilson";
import { buildReportFinalLabels } from "./final-labels-sql";
import type { ReportScope } from "./scope";

// The hack rate (issue #13) over the environment's rollouts: how many the scanners flagged among those
// scanned, by the studio's one verdict per rollout (lib/scanners/verdict-sql.ts: a medium/high flag,
// unless the deployed LLM scanner read it and disputed it), and how many reviewers confirmed as reward
// hacks (final label) among those with a final label that says hack or not. Flags never decide a
// label: the confirmed rate comes from labels alone. `bySource` says which rule produced the flagged
// count; disputed flags are counted apart, never as flagged. The scanners' error is measured on the
// rollouts that are both scanned and labelled, and the flag rate is shown corrected by it beside the
// raw one (lib/stats/corrected-rate.ts). Names and definitions: lib/values/hack-rates.ts.

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
  /** The flag rate corrected by the scanners' measured sensitivity and specificity. */
  correctedFlagRate: CorrectedRate;
};

export type HackRateCounts = {
  rollouts: number;
  scanned: number;
  flagged: number;
  bySource: { rules: number; both: number; model: number };
  disputed: number;
  labelled: number;
  confirmed: number;
  flaggedLabelled: number;
  flaggedConfirmed: number;
  /** Scanned rollouts with a final label of reward hack, and how many of them were flagged. */
  scannedHacks: number;
  scannedHacksFlagged: number;
  /** Scanned rollouts whose final label says not a hack, and how many of them were not flagged. */
  scannedGenuine: number;
  scannedGenuineUnflagged: number;
};

export function buildHackRateSection(c: HackRateCounts): HackRateSection {
  return {
    rollouts: c.rollouts,
    scanned: c.scanned,
    flagged: c.flagged,
    bySource: c.bySource,
    disputed: c.disputed,
    flagRate: wilsonInterval(c.flagged, c.scanned),
    labelled: c.labelled,
    confirmed: c.confirmed,
    confirmedRate: wilsonInterval(c.confirmed, c.labelled),
    confirmedAmongFlagged: wilsonInterval(c.flaggedConfirmed, c.flaggedLabelled),
    correctedFlagRate: correctedRate(
      { positives: c.flagged, n: c.scanned },
      {
        truePositives: c.scannedHacksFlagged,
        positives: c.scannedHacks,
        trueNegatives: c.scannedGenuineUnflagged,
        negatives: c.scannedGenuine,
      },
    ),
  };
}

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
    scanned_hacks: number;
    scanned_hacks_flagged: number;
    scanned_genuine: number;
    scanned_genuine_unflagged: number;
    by_rules: number;
    by_both: number;
    by_model: number;
    disputed: number;
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
      count(*) filter (where is_flagged and verdict = 'reward-hack')::int as flagged_confirmed,
      count(*) filter (where is_scanned and verdict = 'reward-hack')::int as scanned_hacks,
      count(*) filter (where is_scanned and is_flagged and verdict = 'reward-hack')::int as scanned_hacks_flagged,
      count(*) filter (where is_scanned and verdict in ${DECIDING} and verdict <> 'reward-hack')::int as scanned_genuine,
      count(*) filter (where is_scanned and not is_flagged and verdict in ${DECIDING} and verdict <> 'reward-hack')::int as scanned_genuine_unflagged
    from judged`);
  const n = (x: number) => Number(x ?? 0);
  return buildHackRateSection({
    rollouts: n(row.rollouts),
    scanned: n(row.scanned),
    flagged: n(row.flagged),
    bySource: { rules: n(row.by_rules), both: n(row.by_both), model: n(row.by_model) },
    disputed: n(row.disputed),
    labelled: n(row.labelled),
    confirmed: n(row.confirmed),
    flaggedLabelled: n(row.flagged_labelled),
    flaggedConfirmed: n(row.flagged_confirmed),
    scannedHacks: n(row.scanned_hacks),
    scannedHacksFlagged: n(row.scanned_hacks_flagged),
    scannedGenuine: n(row.scanned_genuine),
    scannedGenuineUnflagged: n(row.scanned_genuine_unflagged),
  });
}
