import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { queueReviewers } from "@/db/schema";
import { AppError } from "@/lib/errors";

/** A queue with assigned reviewers is theirs alone; a queue without any is open to every reviewer. */
export async function isQueueReviewer(
  executor: Executor,
  { queueId, userId }: { queueId: string; userId: string },
) {
  const [row] = await executor
    .select({
      total: sql<number>`count(*)::int`,
      mine: sql<number>`count(*) filter (where ${queueReviewers.userId} = ${userId})::int`,
    })
    .from(queueReviewers)
    .where(and(eq(queueReviewers.queueId, queueId)));
  return row.total === 0 || row.mine > 0;
}

export async function assertQueueReviewer(executor: Executor, args: { queueId: string; userId: string }) {
  if (!(await isQueueReviewer(executor, args))) {
    throw new AppError("not_found", "You are not a reviewer of this queue.");
  }
}
