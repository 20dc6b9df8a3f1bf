import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import type { LabelVerdict } from "@/lib/values/review-values";
import { buildReportFinalLabels } from "./final-labels-sql";
import { buildPassCondition } from "./pass-rule";
import type { ReportScope } from "./scope";

// Robustness in SQL: labelled rollouts grouped by (final verdict × reward pass), and judge-vs-human
// pairs per rubric criterion grouped by (criterion × judge met × human met). Each group carries the
// first rollouts in it, for drill-down. Final labels come from lib/labels (adjudicated, else unanimous).

/** Rollouts listed per cell for drill-down; the count is always exact. */
export const DRILL_DOWN_CAP = 25;

export type DrillRollout = { id: string; task: string; model: string | null; reward: number | null };

export type VerdictGroup = {
  /** Null when the reviewers disagree and nobody adjudicated (disputed). */
  verdict: LabelVerdict | null;
  rewardPass: boolean;
  count: number;
  rollouts: DrillRollout[];
};

export type CriterionGroup = {
  criterion: string;
  judgeMet: boolean;
  humanMet: boolean;
  count: number;
  rollouts: DrillRollout[];
};

const drillItem = sql`jsonb_build_object('id', r.id, 'task', t.key, 'model', r.model, 'reward', r.reward)`;
const drillList = sql`to_jsonb((array_agg(${drillItem} order by t.key, r.model, r.id))[1:${sql.raw(String(DRILL_DOWN_CAP))}])`;
const joinScopedRollouts = (scope: ReportScope) => sql`
  join rollouts r on r.id = f.rollout_id and r.workspace_id = ${scope.workspaceId} and r.environment_id = ${scope.environmentId}
  join tasks t on t.id = r.task_id and t.archived_at is null`;

export async function listVerdictGroups(scope: ReportScope): Promise<VerdictGroup[]> {
  const rows = await db.execute<{
    verdict: LabelVerdict | null;
    reward_pass: boolean;
    count: number;
    rollouts: DrillRollout[];
  }>(sql`
    ${buildReportFinalLabels(scope)}
    select f.verdict, ${buildPassCondition("t", "r")} as reward_pass, count(*)::int as count, ${drillList} as rollouts
    from final f ${joinScopedRollouts(scope)}
    where r.reward is not null
    group by 1, 2
    order by 1 nulls last, 2 desc`);
  return rows.map((row) => ({
    verdict: row.verdict,
    rewardPass: row.reward_pass,
    count: row.count,
    rollouts: row.rollouts,
  }));
}

/**
 * Pairs every current label's score on a criterion with the judge's score of the same key on the
 * rollout (`rollouts.scores`). A score is "met" at half its maximum or more: 1 for binary criteria,
 * the criterion's scale maximum for scale criteria (from the task's rubric, or its shared rubric).
 */
export async function listCriterionGroups(scope: ReportScope): Promise<CriterionGroup[]> {
  const rows = await db.execute<{
    criterion: string;
    judge_met: boolean;
    human_met: boolean;
    count: number;
    rollouts: DrillRollout[];
  }>(sql`
    ${buildReportFinalLabels(scope)}
    , pairs as (
      select r.id as rollout_id, kv.key as criterion,
        (r.scores ->> kv.key)::float8 as judge, (kv.value #>> '{}')::float8 as human,
        coalesce((
          select case when rc.kind = 'scale' and rc.scale_max > 0 then rc.scale_max else 1 end
          from rubrics rb join rubric_criteria rc on rc.rubric_id = rb.id
          where rc.key = kv.key and (rb.task_id = t.id or rb.id = (select own.shared_rubric_id from rubrics own where own.task_id = t.id))
          order by (rb.task_id = t.id) desc limit 1
        ), 1)::float8 as scale
      from cur
      join labels l on l.id = cur.id
      join rollouts r on r.id = cur.rollout_id and r.workspace_id = ${scope.workspaceId} and r.environment_id = ${scope.environmentId}
      join tasks t on t.id = r.task_id and t.archived_at is null
      cross join lateral jsonb_each(l.criterion_scores) kv
      where jsonb_typeof(kv.value) = 'number' and jsonb_typeof(r.scores -> kv.key) = 'number'
    )
    select p.criterion, p.judge >= p.scale / 2 as judge_met, p.human >= p.scale / 2 as human_met, count(*)::int as count,
      ${drillList} as rollouts
    from pairs p
    join rollouts r on r.id = p.rollout_id
    join tasks t on t.id = r.task_id
    group by 1, 2, 3
    order by 1, 2 desc, 3 desc`);
  return rows.map((row) => ({
    criterion: row.criterion,
    judgeMet: row.judge_met,
    humanMet: row.human_met,
    count: row.count,
    rollouts: row.rollouts,
  }));
}
