import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { db } from "@/db/client";
import type { LabelVerdict, TaxonomyFamily } from "@/lib/values/review-values";
import { buildReportFinalLabels } from "./final-labels-sql";
import { buildPassCondition } from "./pass-rule";
import type { ReportScope } from "./scope";

// Failure analysis in SQL: final verdicts and their taxonomy categories counted per task × model ×
// reward outcome, and a few example spans per category. A final label's categories are the
// adjudicator's when given, else those of the reviewers whose verdict is the final one.

/** Example spans shown per category. */
export const EXAMPLES_PER_CATEGORY = 3;
const EXCERPT_CHARS = 280;

export type VerdictCount = {
  task: string;
  model: string;
  verdict: LabelVerdict;
  rewardPass: boolean;
  count: number;
};

export type CategoryCount = {
  task: string;
  model: string;
  verdict: LabelVerdict;
  rewardPass: boolean;
  category: string;
  /** Null for a key the workspace's taxonomy doesn't have (e.g. imported labels). */
  family: TaxonomyFamily | null;
  name: string;
  count: number;
};

export type SpanExample = {
  rolloutId: string;
  task: string;
  model: string;
  verdict: LabelVerdict;
  category: string;
  family: TaxonomyFamily | null;
  name: string;
  messageIndex: number;
  comment: string;
  /** The span's text (text spans only), cut to 280 characters. */
  excerpt: string | null;
};

function buildLabelledCte(scope: ReportScope): SQL {
  return sql`${buildReportFinalLabels(scope)}
    , agreed as (
      select cur.rollout_id, array_agg(distinct c.category) as categories
      from cur
      join final f on f.rollout_id = cur.rollout_id and f.verdict = cur.verdict
      cross join lateral unnest(cur.categories) as c(category)
      group by cur.rollout_id
    ), labelled as (
      select f.rollout_id, f.verdict::text as verdict, t.key as task, coalesce(r.model, 'unknown') as model,
        ${buildPassCondition("t", "r")} as reward_pass,
        coalesce(nullif(f.adjudicated_categories, '{}'::text[]), a.categories, '{}'::text[]) as categories
      from final f
      join rollouts r on r.id = f.rollout_id and r.workspace_id = ${scope.workspaceId} and r.environment_id = ${scope.environmentId}
      join tasks t on t.id = r.task_id and t.archived_at is null
      left join agreed a on a.rollout_id = f.rollout_id
      where f.verdict is not null
    )`;
}

export async function listVerdictCounts(scope: ReportScope): Promise<VerdictCount[]> {
  const rows = await db.execute<{
    task: string;
    model: string;
    verdict: LabelVerdict;
    reward_pass: boolean;
    count: number;
  }>(sql`
    ${buildLabelledCte(scope)}
    select task, model, verdict, reward_pass, count(*)::int as count
    from labelled group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  return rows.map((row) => ({
    task: row.task,
    model: row.model,
    verdict: row.verdict,
    rewardPass: row.reward_pass,
    count: row.count,
  }));
}

export async function listCategoryCounts(scope: ReportScope): Promise<CategoryCount[]> {
  const rows = await db.execute<{
    task: string;
    model: string;
    verdict: LabelVerdict;
    reward_pass: boolean;
    category: string;
    family: TaxonomyFamily | null;
    name: string | null;
    count: number;
  }>(sql`
    ${buildLabelledCte(scope)}
    select l.task, l.model, l.verdict, l.reward_pass, c.category, tc.family::text as family, tc.name, count(*)::int as count
    from labelled l
    cross join lateral unnest(l.categories) as c(category)
    left join taxonomy_categories tc on tc.workspace_id = ${scope.workspaceId} and tc.key = c.category
    group by 1, 2, 3, 4, 5, 6, 7
    order by 1, 2, 5`);
  return rows.map((row) => ({
    task: row.task,
    model: row.model,
    verdict: row.verdict,
    rewardPass: row.reward_pass,
    category: row.category,
    family: row.family,
    name: row.name ?? row.category,
    count: row.count,
  }));
}

/** The latest spans per category on rollouts whose final verdict is not a genuine success. */
export async function listSpanExamples(scope: ReportScope): Promise<SpanExample[]> {
  const rows = await db.execute<{
    rollout_id: string;
    task: string;
    model: string;
    verdict: LabelVerdict;
    category: string;
    family: TaxonomyFamily | null;
    name: string | null;
    message_index: number;
    comment: string;
    excerpt: string | null;
  }>(sql`
    ${buildLabelledCte(scope)}
    , spans as (
      select s.rollout_id, l.task, l.model, l.verdict, coalesce(s.category, cur.categories[1]) as category,
        s.message_index, s.comment, s.kind, s.start, s."end", s.created_at, s.id
      from label_spans s
      join cur on cur.id = s.label_id
      join labelled l on l.rollout_id = s.rollout_id
      where s.workspace_id = ${scope.workspaceId} and l.verdict <> 'genuine-success'
    ), ranked as (
      select spans.*, row_number() over (partition by category order by created_at desc, id) as rank
      from spans where category is not null
    )
    select ranked.rollout_id, ranked.task, ranked.model, ranked.verdict, ranked.category, tc.family::text as family, tc.name,
      ranked.message_index, ranked.comment,
      case when ranked.kind = 'text' then substr(m.text, ranked.start + 1, least(ranked."end" - ranked.start, ${EXCERPT_CHARS})) end
        as excerpt
    from ranked
    left join messages m on m.rollout_id = ranked.rollout_id and m.index = ranked.message_index
    left join taxonomy_categories tc on tc.workspace_id = ${scope.workspaceId} and tc.key = ranked.category
    where ranked.rank <= ${EXAMPLES_PER_CATEGORY}
    order by ranked.category, ranked.rank`);
  return rows.map((row) => ({
    rolloutId: row.rollout_id,
    task: row.task,
    model: row.model,
    verdict: row.verdict,
    category: row.category,
    family: row.family,
    name: row.name ?? row.category,
    messageIndex: row.message_index,
    comment: row.comment,
    excerpt: row.excerpt,
  }));
}
