import "server-only";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { judgments, queueAssignments, queueItems, reviewQueues, rollouts } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { buildFilterConditions } from "@/lib/rollouts/filter-sql";
import { rolloutFilterInput } from "@/lib/rollouts/schemas";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import type { QueueSampling } from "@/lib/values/review-values";
import { orderJudgeDisagreements } from "./judge-disagreement";
import { loadJudgeDisagreements } from "./judge-disagreement-queries";
import { sampleQueueItems } from "./sampling";
import { MAX_QUEUE_ITEMS, queueRefInput } from "./schemas";

/** Rollouts read to draw a sample from; an audit of a larger pool samples its newest rollouts. */
const MAX_CANDIDATES = 100_000;
const VALUES_CHUNK = 1_000;

type QueueForSync = {
  id: string;
  filter: Record<string, string>;
  sampling: QueueSampling;
  samplePercent: number | null;
  seed: string;
};

/**
 * Draws the queue's items from the rollouts its filter matches now: new matches join (an audit
 * sample takes its share of them), positions follow the sampling order, existing items stay, except
 * in a "judge disagreements" queue, where an untouched item whose judges now agree leaves.
 * Returns how many items were added.
 */
export async function drawQueueItems(tx: Tx, workspaceId: string, queue: QueueForSync): Promise<number> {
  const filter = parseInput(rolloutFilterInput, queue.filter);
  const isJudgeSampling = queue.sampling === "judge-disagreements";
  const judged = sql`exists (select 1 from ${judgments} where ${judgments.rolloutId} = ${sql.raw(`"rollouts"."id"`)})`;
  const candidates = await tx
    .select({ id: rollouts.id, reward: rollouts.reward, createdAt: rollouts.createdAt })
    .from(rollouts)
    .where(and(...buildFilterConditions(workspaceId, filter), isJudgeSampling ? judged : undefined))
    .orderBy(sql`${rollouts.createdAt} desc`, sql`${rollouts.id} desc`)
    .limit(MAX_CANDIDATES);
  let order: string[];
  if (isJudgeSampling) {
    const found = await loadJudgeDisagreements(
      tx,
      candidates.map((c) => c.id),
    );
    order = orderJudgeDisagreements(candidates.map((c) => ({ ...c, disagreement: found.get(c.id) })));
  } else {
    order = sampleQueueItems({ candidates, ...queue });
  }
  const existing = await tx
    .select({ rolloutId: queueItems.rolloutId })
    .from(queueItems)
    .where(eq(queueItems.queueId, queue.id));
  const present = new Set(existing.map((e) => e.rolloutId));
  if (isJudgeSampling) {
    // A re-judge that now agrees (the newest version per judge counts) takes the rollout out of the
    // queue, unless a reviewer has already taken or labelled it there.
    const disagreeing = new Set(order);
    const settled = candidates.map((c) => c.id).filter((id) => present.has(id) && !disagreeing.has(id));
    for (let i = 0; i < settled.length; i += VALUES_CHUNK) {
      const dropped = await tx
        .delete(queueItems)
        .where(
          and(
            eq(queueItems.queueId, queue.id),
            inArray(queueItems.rolloutId, settled.slice(i, i + VALUES_CHUNK)),
            sql`not exists (select 1 from ${queueAssignments} where ${queueAssignments.itemId} = ${queueItems.id})`,
          ),
        )
        .returning({ rolloutId: queueItems.rolloutId });
      for (const row of dropped) present.delete(row.rolloutId);
    }
  }
  const room = Math.max(0, MAX_QUEUE_ITEMS - present.size);
  const added = order.filter((id) => !present.has(id)).slice(0, room);
  const keep = new Set([...present, ...added]);
  const positioned = order.filter((id) => keep.has(id)).map((id, position) => ({ id, position }));
  for (let i = 0; i < positioned.length; i += VALUES_CHUNK) {
    const chunk = positioned.slice(i, i + VALUES_CHUNK);
    const fresh = chunk.filter((row) => !present.has(row.id));
    if (fresh.length > 0) {
      await tx
        .insert(queueItems)
        .values(
          fresh.map((row) => ({ queueId: queue.id, workspaceId, rolloutId: row.id, position: row.position })),
        )
        .onConflictDoNothing({ target: [queueItems.queueId, queueItems.rolloutId] });
    }
    const moved = chunk.filter((row) => present.has(row.id));
    if (moved.length > 0) {
      const values: SQL = sql.join(
        moved.map((row) => sql`(${row.id}::uuid, ${row.position}::int)`),
        sql`, `,
      );
      await tx.execute(sql`update ${queueItems} set position = v.position, updated_at = now()
        from (values ${values}) as v(rollout_id, position)
        where ${queueItems.queueId} = ${queue.id} and ${queueItems.rolloutId} = v.rollout_id
          and ${queueItems.position} <> v.position`);
    }
  }
  await tx.update(reviewQueues).set({ itemsSyncedAt: new Date() }).where(eq(reviewQueues.id, queue.id));
  return added.length;
}

/**
 * After a judging job: every open "judge disagreements" queue of the workspace draws the rollouts
 * that now disagree, so they reach reviewers without anyone syncing. Returns items added per queue.
 */
export async function syncJudgeDisagreementQueues(ctx: Ctx): Promise<{ queueId: string; added: number }[]> {
  const queues = await runInTransaction(ctx, (tx) =>
    tx
      .select({ id: reviewQueues.id })
      .from(reviewQueues)
      .where(
        and(
          eq(reviewQueues.workspaceId, ctx.workspace.id),
          eq(reviewQueues.sampling, "judge-disagreements"),
          isNull(reviewQueues.archivedAt),
        ),
      ),
  );
  const out: { queueId: string; added: number }[] = [];
  for (const { id } of queues) {
    const added = await runInTransaction(ctx, async (tx) => {
      const [queue] = await tx
        .select({
          id: reviewQueues.id,
          filter: reviewQueues.filter,
          sampling: reviewQueues.sampling,
          samplePercent: reviewQueues.samplePercent,
          seed: reviewQueues.seed,
        })
        .from(reviewQueues)
        .where(eq(reviewQueues.id, id))
        .for("update");
      const count = await drawQueueItems(tx, ctx.workspace.id, queue);
      if (count > 0) {
        await recordAudit(tx, ctx.actor, {
          workspaceId: ctx.workspace.id,
          action: "queue.sync",
          targetType: "review_queue",
          targetId: queue.id,
          details: { added: count, reason: "judge disagreements after judging" },
        });
      }
      return count;
    });
    out.push({ queueId: id, added });
  }
  return out;
}

/** Adds the rollouts that match the queue's filter since it was created or last synced. */
export async function syncQueueItems({ ctx, input }: { ctx: Ctx; input: { queueId: string } }) {
  assertCan(ctx, "queues.manage");
  const { queueId } = parseInput(queueRefInput, input);
  return runInTransaction(ctx, async (tx) => {
    const [queue] = await tx
      .select({
        id: reviewQueues.id,
        filter: reviewQueues.filter,
        sampling: reviewQueues.sampling,
        samplePercent: reviewQueues.samplePercent,
        seed: reviewQueues.seed,
      })
      .from(reviewQueues)
      .where(and(eq(reviewQueues.workspaceId, ctx.workspace.id), eq(reviewQueues.id, queueId)))
      .for("update");
    if (!queue) throw new AppError("not_found", "Queue not found.");
    const added = await drawQueueItems(tx, ctx.workspace.id, queue);
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "queue.sync",
      targetType: "review_queue",
      targetId: queue.id,
      details: { added },
    });
    return { added };
  });
}
