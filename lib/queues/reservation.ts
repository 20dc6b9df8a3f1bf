import "server-only";
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queueAssignments } from "@/db/schema";

// Reservation rules shared by "next item" and label submission. An assignment holds one of the
// item's k places while it is completed or its reservation has not expired.

/** How long a reviewer keeps an item they opened without submitting. */
export const RESERVATION_MS = 30 * 60 * 1000;

export const isHeldAssignment: SQL = sql`(${queueAssignments.completedAt} is not null or ${queueAssignments.expiresAt} > now())`;

/** Places of an item taken, counted in a fresh statement (call it while holding the item's row lock). */
export async function countHeldAssignments(
  executor: Executor,
  { itemId, exceptReviewerId }: { itemId: string; exceptReviewerId?: string },
): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(queueAssignments)
    .where(
      and(
        eq(queueAssignments.itemId, itemId),
        isHeldAssignment,
        exceptReviewerId ? ne(queueAssignments.reviewerId, exceptReviewerId) : undefined,
      ),
    );
  return row.n;
}
