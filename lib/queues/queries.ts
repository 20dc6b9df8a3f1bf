import "server-only";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import {
  environments,
  labels,
  memberships,
  queueAssignments,
  queueItems,
  queueReviewers,
  reviewQueues,
  rollouts,
  users,
} from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { can } from "@/lib/permissions/rules";
import type { QueueSampling } from "@/lib/values/review-values";
import { isQueueReviewer } from "./eligibility";
import { buildStrategyOrder } from "./take-next-item";

// Reads of review queues: the list, one queue with its reviewers, items and progress.

export type QueueSummary = {
  id: string;
  name: string;
  description: string;
  filter: Record<string, string>;
  sampling: QueueSampling;
  samplePercent: number | null;
  overlap: number;
  isBlind: boolean;
  archivedAt: Date | null;
  createdAt: Date;
  itemsSyncedAt: Date | null;
  itemCount: number;
  /** Items with all `overlap` labels in. */
  doneCount: number;
  /** Completed assignments out of itemCount × overlap. */
  labelCount: number;
  myDoneCount: number;
};

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

function buildSummaryColumns(ctx: Ctx) {
  const me = ctx.actor.kind === "user" ? ctx.actor.userId : null;
  // Spelled out: drizzle leaves select-list columns of a one-table query unqualified, which the
  // subqueries below would resolve against their own tables.
  const queueId = sql`${reviewQueues}.${sql.identifier("id")}`;
  const overlap = sql`${reviewQueues}.${sql.identifier("overlap")}`;
  const completed = sql`select 1 from ${queueAssignments} a where a.queue_id = ${queueId} and a.completed_at is not null`;
  return {
    id: reviewQueues.id,
    name: reviewQueues.name,
    description: reviewQueues.description,
    filter: reviewQueues.filter,
    sampling: reviewQueues.sampling,
    samplePercent: reviewQueues.samplePercent,
    overlap: reviewQueues.overlap,
    isBlind: reviewQueues.isBlind,
    archivedAt: reviewQueues.archivedAt,
    createdAt: reviewQueues.createdAt,
    itemsSyncedAt: reviewQueues.itemsSyncedAt,
    itemCount: sql<number>`(select count(*)::int from ${queueItems} i where i.queue_id = ${queueId})`,
    doneCount: sql<number>`(select count(*)::int from ${queueItems} i where i.queue_id = ${queueId}
      and (select count(*) from ${queueAssignments} a where a.item_id = i.id and a.completed_at is not null) >= ${overlap})`,
    labelCount: sql<number>`(select count(*)::int from (${completed}) c)`,
    myDoneCount: sql<number>`(select count(*)::int from (${completed} and a.reviewer_id = ${me}) c)`,
  };
}

/** The workspace's queues, newest first (archived ones only when asked). */
export async function listQueues({
  ctx,
  isArchived = false,
}: {
  ctx: Ctx;
  isArchived?: boolean;
}): Promise<QueueSummary[]> {
  assertCan(ctx, "review.work");
  return db
    .select(buildSummaryColumns(ctx))
    .from(reviewQueues)
    .where(
      and(
        eq(reviewQueues.workspaceId, ctx.workspace.id),
        isArchived ? sql`${reviewQueues.archivedAt} is not null` : isNull(reviewQueues.archivedAt),
      ),
    )
    .orderBy(desc(reviewQueues.createdAt), desc(reviewQueues.id))
    .limit(200);
}

export type QueueDetail = QueueSummary & {
  reviewers: { id: string; name: string; email: string }[];
  /** Whether the caller may take items from it. */
  isReviewer: boolean;
};

export async function getQueue({ ctx, queueId }: { ctx: Ctx; queueId: string }): Promise<QueueDetail> {
  assertCan(ctx, "review.work");
  if (!isUuid(queueId)) throw new AppError("not_found", "Queue not found.");
  const [queue] = await db
    .select(buildSummaryColumns(ctx))
    .from(reviewQueues)
    .where(and(eq(reviewQueues.workspaceId, ctx.workspace.id), eq(reviewQueues.id, queueId)));
  if (!queue) throw new AppError("not_found", "Queue not found.");
  const reviewers = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(queueReviewers)
    .innerJoin(users, eq(users.id, queueReviewers.userId))
    .where(eq(queueReviewers.queueId, queue.id))
    .orderBy(asc(users.email));
  const isReviewer =
    ctx.actor.kind === "user"
      ? await isQueueReviewer(db, { queueId: queue.id, userId: ctx.actor.userId })
      : false;
  return { ...queue, reviewers, isReviewer };
}

export type ReviewerProgress = {
  userId: string;
  name: string;
  email: string;
  done: number;
  reserved: number;
};

/** Per reviewer: items labelled in the queue and items reserved now (assigned reviewers listed even at 0). */
export async function listQueueProgress({
  ctx,
  queueId,
}: {
  ctx: Ctx;
  queueId: string;
}): Promise<ReviewerProgress[]> {
  const queue = await getQueue({ ctx, queueId });
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      done: sql<number>`count(*) filter (where ${queueAssignments.completedAt} is not null)::int`,
      reserved: sql<number>`count(*) filter (where ${queueAssignments.completedAt} is null and ${queueAssignments.expiresAt} > now())::int`,
    })
    .from(queueAssignments)
    .innerJoin(users, eq(users.id, queueAssignments.reviewerId))
    .where(eq(queueAssignments.queueId, queue.id))
    .groupBy(users.id, users.name, users.email);
  const seen = new Set(rows.map((r) => r.userId));
  const idle = queue.reviewers
    .filter((r) => !seen.has(r.id))
    .map((r) => ({ userId: r.id, name: r.name, email: r.email, done: 0, reserved: 0 }));
  return [...rows, ...idle].sort((a, b) => b.done - a.done || a.email.localeCompare(b.email));
}

export type QueueItemView = {
  itemId: string;
  rolloutId: string;
  position: number;
  model: string | null;
  reward: number | null;
  taskKey: string | null;
  environment: string | null;
  messageCount: number;
  taskId: string | null;
  /** The caller's assignment: held (reserved, unexpired), done, or none/expired. */
  myState: "reserved" | "done" | "none";
  expiresAt: Date | null;
};

export async function getQueueItem({ ctx, queueId, itemId }: { ctx: Ctx; queueId: string; itemId: string }) {
  assertCan(ctx, "review.work");
  if (!isUuid(itemId) || !isUuid(queueId)) throw new AppError("not_found", "Item not found.");
  const me = ctx.actor.kind === "user" ? ctx.actor.userId : null;
  const [row] = await db
    .select({
      itemId: queueItems.id,
      rolloutId: queueItems.rolloutId,
      position: queueItems.position,
      model: rollouts.model,
      reward: rollouts.reward,
      taskKey: rollouts.taskKey,
      taskId: rollouts.taskId,
      environment: environments.slug,
      messageCount: rollouts.messageCount,
      completedAt: queueAssignments.completedAt,
      expiresAt: queueAssignments.expiresAt,
    })
    .from(queueItems)
    .innerJoin(rollouts, eq(rollouts.id, queueItems.rolloutId))
    .leftJoin(environments, eq(environments.id, rollouts.environmentId))
    .leftJoin(
      queueAssignments,
      and(eq(queueAssignments.itemId, queueItems.id), eq(queueAssignments.reviewerId, me ?? sql`null`)),
    )
    .where(
      and(
        eq(queueItems.workspaceId, ctx.workspace.id),
        eq(queueItems.queueId, queueId),
        eq(queueItems.id, itemId),
      ),
    );
  if (!row) throw new AppError("not_found", "Item not found.");
  const { completedAt, expiresAt, ...item } = row;
  const myState: QueueItemView["myState"] = completedAt
    ? "done"
    : expiresAt && expiresAt.getTime() > Date.now()
      ? "reserved"
      : "none";
  return { ...item, myState, expiresAt: myState === "reserved" ? expiresAt : null } satisfies QueueItemView;
}

/** The items the caller took in this queue, in the order they took them ("p" walks back through them). */
export async function listMyQueueItems({ ctx, queueId }: { ctx: Ctx; queueId: string }) {
  assertCan(ctx, "review.work");
  if (ctx.actor.kind !== "user" || !isUuid(queueId)) return [];
  return db
    .select({ itemId: queueAssignments.itemId, completedAt: queueAssignments.completedAt })
    .from(queueAssignments)
    .where(and(eq(queueAssignments.queueId, queueId), eq(queueAssignments.reviewerId, ctx.actor.userId)))
    .orderBy(asc(queueAssignments.reservedAt), asc(queueAssignments.id))
    .limit(5_000);
}

/** Members who may review, for the queue form's reviewer picker. */
export async function listReviewingMembers({ ctx }: { ctx: Ctx }) {
  assertCan(ctx, "queues.manage");
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, ctx.workspace.id))
    .orderBy(asc(users.email));
  return rows.filter((r) => can(r.role, "review.work"));
}

export type QueueNextItem = {
  itemId: string;
  rolloutId: string;
  position: number;
  model: string | null;
  reward: number | null;
  taskKey: string | null;
  environment: string | null;
  messageCount: number;
  /** Completed assignments, out of the queue's overlap. */
  labelsIn: number;
};

/**
 * The queue's items still waiting for labels, in the order "Next" hands them out (the sampling's
 * order, then position), without reserving any (the review
 * page's "Next" reserves one): items with fewer completed assignments than the overlap, that the
 * caller (a user or an API key, by its reviewer key) hasn't labelled. `limit + 1` rows tell whether more follow.
 */
export async function listQueueNextItems({
  ctx,
  queueId,
  reviewerKey,
  offset,
  limit,
}: {
  ctx: Ctx;
  queueId: string;
  reviewerKey: string | null;
  offset: number;
  limit: number;
}): Promise<{ items: QueueNextItem[]; hasMore: boolean; queue: QueueSummary }> {
  assertCan(ctx, "review.work");
  if (!isUuid(queueId)) throw new AppError("not_found", "Queue not found.");
  const [queue] = await db
    .select(buildSummaryColumns(ctx))
    .from(reviewQueues)
    .where(and(eq(reviewQueues.workspaceId, ctx.workspace.id), eq(reviewQueues.id, queueId)));
  if (!queue) throw new AppError("not_found", "Queue not found.");
  const labelsIn = sql<number>`(select count(*)::int from ${queueAssignments} a where a.item_id = ${queueItems.id} and a.completed_at is not null)`;
  const rows = await db
    .select({
      itemId: queueItems.id,
      rolloutId: queueItems.rolloutId,
      position: queueItems.position,
      model: rollouts.model,
      reward: rollouts.reward,
      taskKey: rollouts.taskKey,
      environment: environments.slug,
      messageCount: rollouts.messageCount,
      labelsIn,
    })
    .from(queueItems)
    .innerJoin(rollouts, eq(rollouts.id, queueItems.rolloutId))
    .leftJoin(environments, eq(environments.id, rollouts.environmentId))
    .where(
      and(
        eq(queueItems.workspaceId, ctx.workspace.id),
        eq(queueItems.queueId, queue.id),
        sql`${labelsIn} < ${queue.overlap}`,
        reviewerKey
          ? sql`not exists (select 1 from ${labels} l where l.rollout_id = ${queueItems.rolloutId} and l.reviewer_key = ${reviewerKey})`
          : undefined,
      ),
    )
    .orderBy(...buildStrategyOrder(queue.sampling), asc(queueItems.position), asc(queueItems.id))
    .offset(offset)
    .limit(limit + 1);
  return { items: rows.slice(0, limit), hasMore: rows.length > limit, queue };
}
