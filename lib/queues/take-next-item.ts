import "server-only";
import { and, asc, eq, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { flags, labels, queueAssignments, queueItems, reviewQueues } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { isCountedSql } from "@/lib/scanners/verdict-sql";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import type { QueueSampling } from "@/lib/values/review-values";
import { assertQueueReviewer } from "./eligibility";
import { countHeldAssignments, isHeldAssignment, RESERVATION_MS } from "./reservation";
import { type TakeItemInput, takeItemInput } from "./schemas";

// "Next item": hands a reviewer one queue item and reserves it until RESERVATION_MS passes.
//
// The guarantee, whatever the concurrency: an item never has more than `overlap` held assignments.
// Every assignment is written while holding the item's row lock (FOR UPDATE), and the places taken
// are counted again after the lock is granted, in a new statement whose snapshot sees every
// assignment committed by earlier lock holders. Candidates come with SKIP LOCKED, so concurrent
// reviewers spread over different items instead of queueing on one. On embedded PGlite the
// transactions run one at a time, which the same code handles trivially.

export type TakenItem = { itemId: string; rolloutId: string; expiresAt: Date };

const MAX_ATTEMPTS = 25;

type QueueRow = { id: string; overlap: number; sampling: QueueSampling; archivedAt: Date | null };

/** The dynamic part of a sampling's order, applied before the static `position`. */
export function buildStrategyOrder(sampling: QueueSampling): SQL[] {
  if (sampling === "unlabeled-first") {
    return [
      sql`(select count(distinct l.reviewer_key) from ${labels} l where l.rollout_id = ${queueItems.rolloutId}) asc`,
    ];
  }
  if (sampling === "disagreements-first") {
    return [
      sql`(select count(distinct c.verdict) from (select distinct on (l.reviewer_key) l.verdict from ${labels} l
        where l.rollout_id = ${queueItems.rolloutId} order by l.reviewer_key, l.version desc) c) > 1 desc`,
    ];
  }
  if (sampling === "flagged-first") {
    // Rollouts the studio's verdict counts as flagged first (lib/scanners/verdict-sql.ts: a flag the
    // deployed LLM scanner disputed is left out), then the highest flag severity (high 3, medium 2,
    // low 1, none 0), then the most flags.
    return [
      sql`${isCountedSql(sql`${queueItems.rolloutId}`)} desc`,
      sql`(select coalesce(max(case f.severity when 'high' then 3 when 'medium' then 2 else 1 end), 0)
        from ${flags} f where f.rollout_id = ${queueItems.rolloutId}) desc`,
      sql`(select count(*) from ${flags} f where f.rollout_id = ${queueItems.rolloutId}) desc`,
    ];
  }
  return [];
}

async function loadQueue(tx: Tx, ctx: Ctx, queueId: string): Promise<QueueRow> {
  const [queue] = await tx
    .select({
      id: reviewQueues.id,
      overlap: reviewQueues.overlap,
      sampling: reviewQueues.sampling,
      archivedAt: reviewQueues.archivedAt,
    })
    .from(reviewQueues)
    .where(and(eq(reviewQueues.workspaceId, ctx.workspace.id), eq(reviewQueues.id, queueId)));
  if (!queue) throw new AppError("not_found", "Queue not found.");
  return queue;
}

/** Writes (or renews) the reviewer's reservation; call it holding the item's row lock. */
async function reserve(
  tx: Tx,
  ctx: Ctx,
  args: { queueId: string; itemId: string; rolloutId: string; reviewerId: string },
) {
  const expiresAt = new Date(Date.now() + RESERVATION_MS);
  await tx
    .insert(queueAssignments)
    .values({
      queueId: args.queueId,
      itemId: args.itemId,
      workspaceId: ctx.workspace.id,
      reviewerId: args.reviewerId,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [queueAssignments.itemId, queueAssignments.reviewerId],
      set: { reservedAt: new Date(), expiresAt },
      setWhere: isNull(queueAssignments.completedAt),
    });
  return { itemId: args.itemId, rolloutId: args.rolloutId, expiresAt };
}

function requireUser(ctx: Ctx): string {
  if (ctx.actor.kind !== "user") throw new AppError("invalid", "Queues are worked by signed-in reviewers.");
  return ctx.actor.userId;
}

/** Items of the queue this reviewer may take, in the queue's order (the caller adds locking). */
function findCandidates(
  tx: Tx,
  { queue, me, excluded }: { queue: QueueRow; me: string; excluded: string[] },
) {
  return tx
    .select({ id: queueItems.id, rolloutId: queueItems.rolloutId })
    .from(queueItems)
    .where(
      and(
        eq(queueItems.queueId, queue.id),
        excluded.length > 0 ? notInArray(queueItems.id, excluded) : undefined,
        sql`not exists (select 1 from ${labels} l where l.rollout_id = ${queueItems.rolloutId} and l.reviewer_key = ${`user:${me}`})`,
        sql`not exists (select 1 from ${queueAssignments} a where a.item_id = ${queueItems.id}
          and a.reviewer_id = ${me} and (a.completed_at is not null or a.expires_at > now()))`,
        sql`(select count(*) from ${queueAssignments} a where a.item_id = ${queueItems.id}
          and (a.completed_at is not null or a.expires_at > now())) < ${queue.overlap}`,
      ),
    )
    .orderBy(...buildStrategyOrder(queue.sampling), asc(queueItems.position), asc(queueItems.id))
    .limit(1)
    .$dynamic();
}

/**
 * The reviewer's next item: their own unexpired reservation if they hold one, else the first item
 * in the queue's order that they haven't labelled and that still has room. Null when none is left.
 */
export async function takeNextItem({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: TakeItemInput;
}): Promise<TakenItem | null> {
  assertCan(ctx, "review.work");
  const data = parseInput(takeItemInput, input);
  const me = requireUser(ctx);
  if (data.itemId) return takeItem(ctx, me, { queueId: data.queueId, itemId: data.itemId });
  return runInTransaction(ctx, async (tx) => {
    const queue = await loadQueue(tx, ctx, data.queueId);
    if (queue.archivedAt) throw new AppError("invalid", "This queue is archived.");
    await assertQueueReviewer(tx, { queueId: queue.id, userId: me });
    // One "next" at a time per reviewer and queue, so a double click can't reserve two items.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`queue:${queue.id}:${me}`}, 0))`);
    if (data.skipItemId) {
      await tx
        .delete(queueAssignments)
        .where(
          and(
            eq(queueAssignments.itemId, data.skipItemId),
            eq(queueAssignments.reviewerId, me),
            isNull(queueAssignments.completedAt),
          ),
        );
    }
    const [held] = await tx
      .select({
        itemId: queueItems.id,
        rolloutId: queueItems.rolloutId,
        expiresAt: queueAssignments.expiresAt,
      })
      .from(queueAssignments)
      .innerJoin(queueItems, eq(queueItems.id, queueAssignments.itemId))
      .where(
        and(
          eq(queueAssignments.queueId, queue.id),
          eq(queueAssignments.reviewerId, me),
          isNull(queueAssignments.completedAt),
          sql`${queueAssignments.expiresAt} > now()`,
        ),
      )
      .orderBy(asc(queueAssignments.reservedAt))
      .limit(1);
    if (held) return held;
    const excluded = data.skipItemId ? [data.skipItemId] : [];
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const [candidate] = await findCandidates(tx, { queue, me, excluded }).for("update", {
        of: queueItems,
        skipLocked: true,
      });
      if (!candidate) {
        // SKIP LOCKED also skips items other reviewers are locking right now: if one of those still
        // has room, wait for them to finish instead of telling this reviewer the queue is done.
        const [busy] = await findCandidates(tx, { queue, me, excluded });
        if (!busy) return null;
        await new Promise((resolve) => setTimeout(resolve, 10 * (attempt + 1)));
        continue;
      }
      // The candidate query's snapshot may predate an assignment committed just before we got the lock.
      const taken = await countHeldAssignments(tx, { itemId: candidate.id, exceptReviewerId: me });
      if (taken >= queue.overlap) {
        excluded.push(candidate.id);
        continue;
      }
      return reserve(tx, ctx, {
        queueId: queue.id,
        itemId: candidate.id,
        rolloutId: candidate.rolloutId,
        reviewerId: me,
      });
    }
    throw new AppError("conflict", "Many reviewers are taking items right now. Try again.");
  });
}

/**
 * A particular item (a shared link): the reviewer keeps what they hold or labelled, else reserves
 * it if it still has room. Waits for the item's lock rather than skipping it.
 */
async function takeItem(ctx: Ctx, me: string, { queueId, itemId }: { queueId: string; itemId: string }) {
  return runInTransaction(ctx, async (tx) => {
    const queue = await loadQueue(tx, ctx, queueId);
    await assertQueueReviewer(tx, { queueId: queue.id, userId: me });
    const [item] = await tx
      .select({ id: queueItems.id, rolloutId: queueItems.rolloutId })
      .from(queueItems)
      .where(and(eq(queueItems.queueId, queue.id), eq(queueItems.id, itemId)))
      .for("update");
    if (!item) throw new AppError("not_found", "This item is not in the queue.");
    const [own] = await tx
      .select({ expiresAt: queueAssignments.expiresAt, isHeld: sql<boolean>`${isHeldAssignment}` })
      .from(queueAssignments)
      .where(and(eq(queueAssignments.itemId, item.id), eq(queueAssignments.reviewerId, me)));
    if (own?.isHeld) return { itemId: item.id, rolloutId: item.rolloutId, expiresAt: own.expiresAt };
    if (queue.archivedAt) throw new AppError("invalid", "This queue is archived.");
    const taken = await countHeldAssignments(tx, { itemId: item.id, exceptReviewerId: me });
    if (taken >= queue.overlap) {
      throw new AppError(
        "conflict",
        `This item already has its ${queue.overlap} reviewer(s). Take the next item instead.`,
      );
    }
    return reserve(tx, ctx, {
      queueId: queue.id,
      itemId: item.id,
      rolloutId: item.rolloutId,
      reviewerId: me,
    });
  });
}
