import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { queueAssignments, queueItems, reviewQueues } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { assertQueueReviewer } from "./eligibility";
import { countHeldAssignments, isHeldAssignment, RESERVATION_MS } from "./reservation";

/**
 * Marks the reviewer's assignment on a queue item done as their label is stored (same transaction).
 * Works under the item's row lock, so an expired reservation is only renewed while the item still
 * has room: a label never pushes an item past the queue's overlap.
 */
export async function completeAssignment(
  tx: Tx,
  {
    workspaceId,
    queueId,
    rolloutId,
    reviewerId,
  }: { workspaceId: string; queueId: string; rolloutId: string; reviewerId: string },
): Promise<{ itemId: string }> {
  const [queue] = await tx
    .select({ overlap: reviewQueues.overlap })
    .from(reviewQueues)
    .where(and(eq(reviewQueues.workspaceId, workspaceId), eq(reviewQueues.id, queueId)));
  if (!queue) throw new AppError("not_found", "Queue not found.");
  await assertQueueReviewer(tx, { queueId, userId: reviewerId });
  const [item] = await tx
    .select({ id: queueItems.id })
    .from(queueItems)
    .where(and(eq(queueItems.queueId, queueId), eq(queueItems.rolloutId, rolloutId)))
    .for("update");
  if (!item) throw new AppError("not_found", "This rollout is not in the queue.");
  const [own] = await tx
    .select({
      id: queueAssignments.id,
      isHeld: sql<boolean>`${isHeldAssignment}`,
    })
    .from(queueAssignments)
    .where(and(eq(queueAssignments.itemId, item.id), eq(queueAssignments.reviewerId, reviewerId)));
  if (!own?.isHeld) {
    const held = await countHeldAssignments(tx, { itemId: item.id, exceptReviewerId: reviewerId });
    if (held >= queue.overlap) {
      throw new AppError(
        "conflict",
        "Your reservation of this item expired and it went to other reviewers. Take the next item instead.",
      );
    }
  }
  await tx
    .insert(queueAssignments)
    .values({
      queueId,
      itemId: item.id,
      workspaceId,
      reviewerId,
      expiresAt: new Date(Date.now() + RESERVATION_MS),
      completedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [queueAssignments.itemId, queueAssignments.reviewerId],
      set: { completedAt: sql`coalesce(${queueAssignments.completedAt}, now())` },
    });
  return { itemId: item.id };
}
