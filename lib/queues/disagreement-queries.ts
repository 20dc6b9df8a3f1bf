import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { buildFinalLabelsCte, type FinalSource } from "@/lib/labels/final-labels";
import type { LabelVerdict } from "@/lib/values/review-values";
import { getQueue } from "./queries";

// The adjudicator's worklist: queue items whose reviewers disagree, undecided ones first, and the
// items already adjudicated (a decision can be revised).

export type DisagreementItem = {
  itemId: string;
  rolloutId: string;
  taskKey: string | null;
  model: string | null;
  reward: number | null;
  source: FinalSource;
  finalVerdict: LabelVerdict | null;
  labelCount: number;
  verdictCount: number;
  votes: { reviewer: string; verdict: LabelVerdict }[];
};

type Row = {
  item_id: string;
  rollout_id: string;
  task_key: string | null;
  model: string | null;
  reward: number | null;
  source: FinalSource;
  verdict: LabelVerdict | null;
  label_count: number;
  verdict_count: number;
  votes: { reviewer: string; verdict: LabelVerdict }[] | string | null;
};

export async function listQueueDisagreements({
  ctx,
  queueId,
}: {
  ctx: Ctx;
  queueId: string;
}): Promise<DisagreementItem[]> {
  assertCan(ctx, "review.adjudicate");
  const queue = await getQueue({ ctx, queueId });
  const itemRollouts = sql`select rollout_id from queue_items where queue_id = ${queue.id}`;
  const rows = await db.execute<Row>(sql`${buildFinalLabelsCte(ctx.workspace.id, itemRollouts)}
    select qi.id as item_id, r.id as rollout_id, r.task_key, r.model, r.reward, f.source, f.verdict,
      f.label_count, f.verdict_count,
      (select json_agg(json_build_object('reviewer', cur.reviewer_name, 'verdict', cur.verdict) order by cur.reviewer_name)
        from cur where cur.rollout_id = r.id) as votes
    from final f
    join queue_items qi on qi.rollout_id = f.rollout_id and qi.queue_id = ${queue.id}
    join rollouts r on r.id = f.rollout_id
    where f.verdict_count > 1 or f.source = 'adjudicated'
    order by (f.source = 'disputed') desc, qi.position
    limit 1000`);
  return rows.map((row) => ({
    itemId: row.item_id,
    rolloutId: row.rollout_id,
    taskKey: row.task_key,
    model: row.model,
    reward: row.reward,
    source: row.source,
    finalVerdict: row.verdict,
    labelCount: row.label_count,
    verdictCount: row.verdict_count,
    votes: typeof row.votes === "string" ? JSON.parse(row.votes) : (row.votes ?? []),
  }));
}
