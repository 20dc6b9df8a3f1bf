import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { assertCan, type Ctx } from "@/lib/auth/context";
import type { LabelVerdict } from "@/lib/values/review-values";

// The final label of a rollout: the latest adjudication if there is one, else the verdict its
// reviewers' current labels agree on (unanimous). Reviewers who disagree without an adjudication
// leave it disputed (no final verdict).

export type FinalSource = "adjudicated" | "unanimous" | "disputed";

export type FinalLabel = {
  rolloutId: string;
  verdict: LabelVerdict | null;
  source: FinalSource;
  /** Reviewers with a current label on the rollout. */
  labelCount: number;
  /** Distinct verdicts among them (2+ means they disagree). */
  verdictCount: number;
  decidedAt: Date;
  adjudicatedCategories: string[] | null;
};

/**
 * `cur` (current label versions), `agg` (per rollout) and `final` CTEs for one workspace, to start a
 * query with. `rolloutFilter` narrows the labels read (e.g. to a queue's items).
 */
export function buildFinalLabelsCte(workspaceId: string, rolloutFilter?: SQL): SQL {
  return sql`with cur as (
    select l.id, l.rollout_id, l.reviewer_key, l.reviewer_name, l.verdict::text as verdict, l.categories,
      l.task_revision, l.created_at
    from labels l
    where l.workspace_id = ${workspaceId} ${rolloutFilter ? sql`and l.rollout_id in (${rolloutFilter})` : sql``}
      and not exists (select 1 from labels n where n.rollout_id = l.rollout_id
        and n.reviewer_key = l.reviewer_key and n.version > l.version)
  ), agg as (
    select rollout_id, count(*)::int as label_count, count(distinct verdict)::int as verdict_count,
      min(verdict) as any_verdict, max(created_at) as last_at
    from cur group by rollout_id
  ), adj as (
    select distinct on (a.rollout_id) a.rollout_id, a.id, a.verdict::text as verdict, a.categories, a.created_at
    from adjudications a
    where a.workspace_id = ${workspaceId} ${rolloutFilter ? sql`and a.rollout_id in (${rolloutFilter})` : sql``}
    order by a.rollout_id, a.created_at desc, a.id desc
  ), final as (
    select agg.rollout_id, agg.label_count, agg.verdict_count,
      coalesce(adj.verdict, case when agg.verdict_count = 1 then agg.any_verdict end) as verdict,
      case when adj.id is not null then 'adjudicated' when agg.verdict_count = 1 then 'unanimous' else 'disputed' end
        as source,
      coalesce(adj.created_at, agg.last_at) as decided_at,
      adj.categories as adjudicated_categories
    from agg left join adj on adj.rollout_id = agg.rollout_id
  )`;
}

type FinalRow = {
  rollout_id: string;
  verdict: LabelVerdict | null;
  source: FinalSource;
  label_count: number;
  verdict_count: number;
  decided_at: Date | string;
  adjudicated_categories: string[] | null;
};

export function toFinalLabel(row: FinalRow): FinalLabel {
  return {
    rolloutId: row.rollout_id,
    verdict: row.verdict,
    source: row.source,
    labelCount: row.label_count,
    verdictCount: row.verdict_count,
    decidedAt: new Date(row.decided_at),
    adjudicatedCategories: row.adjudicated_categories,
  };
}

/** Final labels of the given rollouts (those without any label are absent from the map). */
export async function listFinalLabels({ ctx, rolloutIds }: { ctx: Ctx; rolloutIds: string[] }) {
  assertCan(ctx, "review.work");
  const out = new Map<string, FinalLabel>();
  if (rolloutIds.length === 0) return out;
  const ids = sql.join(
    rolloutIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await db.execute<FinalRow>(
    sql`${buildFinalLabelsCte(ctx.workspace.id, ids)} select * from final`,
  );
  for (const row of rows) out.set(row.rollout_id, toFinalLabel(row));
  return out;
}
