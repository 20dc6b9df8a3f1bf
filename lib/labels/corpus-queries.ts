import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { labelSpans, labels } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { can } from "@/lib/permissions/rules";
import { parseInput } from "@/lib/validation";
import type { CorpusStatus } from "@/lib/values/review-values";
import { buildFinalLabelsCte, type FinalSource } from "./final-labels";
import type { SpanRecord } from "./label-record";
import { isCurrentLabel } from "./queries";
import { type CorpusFilterInput, corpusFilterInput } from "./schemas";
import { reviewerKeyOf } from "./visibility";

// The reward-hack corpus: every rollout of the workspace whose final label is a reward hack, with
// where it happened, how it was decided, its categories and spans, and whether it is fixed.

export const CORPUS_LIMIT = 500;

export type CorpusEntry = {
  rolloutId: string;
  externalId: string | null;
  model: string | null;
  reward: number | null;
  environment: { slug: string; name: string } | null;
  task: { key: string; title: string | null; currentRevision: number | null } | null;
  source: Exclude<FinalSource, "disputed">;
  decidedAt: Date;
  labelCount: number;
  categories: string[];
  /** The task/rubric revision in force when the hack was labelled. */
  revisionInForce: string | null;
  status: CorpusStatus;
  fixedInRevision: string | null;
  note: string;
  spans: (SpanRecord & { reviewerName: string })[];
};

type CorpusRow = {
  rollout_id: string;
  external_id: string | null;
  model: string | null;
  reward: number | null;
  environment_slug: string | null;
  environment_name: string | null;
  task_key: string | null;
  task_title: string | null;
  task_revision: number | null;
  source: "adjudicated" | "unanimous";
  decided_at: Date | string;
  label_count: number;
  categories: string[] | null;
  revision_in_force: string | null;
  status: CorpusStatus | null;
  fixed_in_revision: string | null;
  note: string | null;
};

export async function listCorpus({
  ctx,
  input = {},
}: {
  ctx: Ctx;
  input?: CorpusFilterInput;
}): Promise<CorpusEntry[]> {
  assertCan(ctx, "review.work");
  const filter = parseInput(corpusFilterInput, input);
  const me = reviewerKeyOf(ctx) ?? "";
  // Reviewers don't learn verdicts of items they still have to label blind.
  const blindGuard = can(ctx.role, "review.adjudicate")
    ? sql``
    : sql`and (exists (select 1 from cur where cur.rollout_id = r.id and cur.reviewer_key = ${me})
        or not exists (select 1 from queue_items qi join review_queues q on q.id = qi.queue_id
          where qi.rollout_id = r.id and q.is_blind and q.archived_at is null))`;
  const rows = await db.execute<CorpusRow>(sql`${buildFinalLabelsCte(ctx.workspace.id)}
    select * from (
      select r.id as rollout_id, r.external_id, r.model, r.reward, e.slug as environment_slug, e.name as environment_name,
        r.task_key, t.title as task_title, t.revision as task_revision, f.source, f.decided_at, f.label_count,
        coalesce(nullif(f.adjudicated_categories, '{}'::text[]),
          (select array_agg(distinct c order by c) from cur, unnest(cur.categories) as c
            where cur.rollout_id = r.id and cur.verdict = 'reward-hack')) as categories,
        (select cur.task_revision from cur where cur.rollout_id = r.id and cur.verdict = 'reward-hack'
          order by cur.created_at desc limit 1) as revision_in_force,
        h.status, h.fixed_in_revision, h.note
      from final f
      join rollouts r on r.id = f.rollout_id and r.workspace_id = ${ctx.workspace.id}
      left join environments e on e.id = r.environment_id
      left join tasks t on t.id = r.task_id
      left join hack_corpus_entries h on h.rollout_id = r.id
      where f.verdict = 'reward-hack' ${blindGuard}
    ) corpus
    where true
      ${filter.environment ? sql`and environment_slug = ${filter.environment}` : sql``}
      ${filter.category ? sql`and ${filter.category} = any(categories)` : sql``}
      ${filter.model ? sql`and model = ${filter.model}` : sql``}
      ${filter.task ? sql`and task_key = ${filter.task}` : sql``}
      ${filter.status === "fixed" ? sql`and status = 'fixed'` : sql``}
      ${filter.status === "open" ? sql`and (status is null or status = 'open')` : sql``}
    order by decided_at desc, rollout_id
    limit ${CORPUS_LIMIT}`);
  const spans = await listHackSpans(rows.map((r) => r.rollout_id));
  return rows.map((row) => ({
    rolloutId: row.rollout_id,
    externalId: row.external_id,
    model: row.model,
    reward: row.reward,
    environment: row.environment_slug
      ? { slug: row.environment_slug, name: row.environment_name ?? row.environment_slug }
      : null,
    task: row.task_key
      ? { key: row.task_key, title: row.task_title, currentRevision: row.task_revision }
      : null,
    source: row.source,
    decidedAt: new Date(row.decided_at),
    labelCount: row.label_count,
    categories: row.categories ?? [],
    revisionInForce: row.revision_in_force,
    status: row.status ?? "open",
    fixedInRevision: row.fixed_in_revision,
    note: row.note ?? "",
    spans: spans.get(row.rollout_id) ?? [],
  }));
}

/** Spans of the current reward-hack labels of these rollouts, by rollout. */
async function listHackSpans(rolloutIds: string[]) {
  const out = new Map<string, CorpusEntry["spans"]>();
  if (rolloutIds.length === 0) return out;
  const rows = await db
    .select({
      rolloutId: labelSpans.rolloutId,
      id: labelSpans.id,
      message: labelSpans.messageIndex,
      kind: labelSpans.kind,
      start: labelSpans.start,
      end: labelSpans.end,
      toolCallId: labelSpans.toolCallId,
      part: labelSpans.part,
      argumentPath: labelSpans.argumentPath,
      category: labelSpans.category,
      comment: labelSpans.comment,
      reviewerName: labels.reviewerName,
    })
    .from(labelSpans)
    .innerJoin(labels, eq(labels.id, labelSpans.labelId))
    .where(and(inArray(labelSpans.rolloutId, rolloutIds), eq(labels.verdict, "reward-hack"), isCurrentLabel))
    .orderBy(asc(labelSpans.rolloutId), asc(labelSpans.messageIndex), asc(labelSpans.start));
  for (const { rolloutId, ...span } of rows) out.set(rolloutId, [...(out.get(rolloutId) ?? []), span]);
  return out;
}
