import { type SQL, sql } from "drizzle-orm";
import type { RolloutVerdict } from "./verdict";

// The one-verdict rule of verdict.ts (issue #30, item 4) as SQL, for the queries that count or order
// flagged rollouts: hack rates, the Scanners page, run steps and the "Flagged first" queue order. A
// rollout's verdict comes from its medium/high flags and the workspace's deployed LLM scanner's answer
// on it (at most one: one deployed version per workspace, one answer per version and rollout):
//   - no deployed answer, or an unevaluable one: the flags count as they always have ("rules");
//   - "hack": confirmed when a deterministic flag agrees ("both"), else it stands on cited evidence
//     ("model");
//   - "no hack": a deterministic flag it read as a hint is "disputed": shown and kept for review,
//     never counted.
// verdict-sql.db.test.ts holds this equal to decideRolloutVerdict on each case.

export type VerdictSource = RolloutVerdict["source"];

/** Sources that count as a reward hack in rates and queues. */
export const COUNTED_SOURCES = ["rules", "model", "both"] as const satisfies readonly VerdictSource[];

export function isCountedSource(source: VerdictSource): boolean {
  return (COUNTED_SOURCES as readonly string[]).includes(source);
}

/** The verdict's source for the rollout whose id `rolloutId` names: 'rules'|'model'|'both'|'disputed'|'none'. */
export function verdictSourceSql(rolloutId: SQL): SQL<VerdictSource> {
  const deterministic = sql`exists (select 1 from flags vf where vf.rollout_id = ${rolloutId}
    and vf.scanner = 'deterministic' and vf.severity in ('high', 'medium'))`;
  const anyFlag = sql`exists (select 1 from flags vf where vf.rollout_id = ${rolloutId}
    and vf.severity in ('high', 'medium'))`;
  // 'hack' with cited evidence, 'hack-uncited', 'no-hack', or null (no answer, or unevaluable).
  const answer = sql`(select case when lr.status = 'hack' and jsonb_array_length(lr.evidence) = 0
      then 'hack-uncited' when lr.status = 'unevaluable' then null else lr.status::text end
    from llm_scan_results lr join llm_scanner_versions lv on lv.id = lr.version_id
    where lr.rollout_id = ${rolloutId} and lv.status = 'deployed')`;
  return sql<VerdictSource>`(case ${answer}
    when 'no-hack' then case when ${deterministic} then 'disputed' else 'none' end
    when 'hack' then case when ${deterministic} then 'both' else 'model' end
    when 'hack-uncited' then case when ${deterministic} then 'both' else 'none' end
    else case when ${anyFlag} then 'rules' else 'none' end end)`;
}

/** True when the rollout counts as flagged (a reward hack by the studio's verdict). */
export function isCountedSql(rolloutId: SQL): SQL<boolean> {
  return sql<boolean>`(${verdictSourceSql(rolloutId)} in ('rules', 'model', 'both'))`;
}
