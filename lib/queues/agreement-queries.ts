import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { adjudications, labels, queueItems, rollouts } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { isCurrentLabel } from "@/lib/labels/queries";
import { type AgreementLabel, computeAgreement } from "./agreement";
import { getQueue } from "./queries";

// Loads a queue's current labels and adjudications and computes its agreement figures. Adjudicators
// only: the figures and the confusion drill-down reveal every reviewer's verdicts.

export async function listQueueAgreementLabels({ ctx, queueId }: { ctx: Ctx; queueId: string }) {
  assertCan(ctx, "review.adjudicate");
  const queue = await getQueue({ ctx, queueId });
  const itemRollouts = db
    .select({ id: queueItems.rolloutId })
    .from(queueItems)
    .where(eq(queueItems.queueId, queue.id));
  const rows: AgreementLabel[] = await db
    .select({
      rolloutId: labels.rolloutId,
      reviewerKey: labels.reviewerKey,
      reviewerName: labels.reviewerName,
      verdict: sql<string>`${labels.verdict}::text`,
      categories: labels.categories,
    })
    .from(labels)
    .where(
      and(eq(labels.workspaceId, ctx.workspace.id), inArray(labels.rolloutId, itemRollouts), isCurrentLabel),
    );
  const decided = await db
    .selectDistinctOn([adjudications.rolloutId], {
      rolloutId: adjudications.rolloutId,
      verdict: adjudications.verdict,
    })
    .from(adjudications)
    .where(
      and(eq(adjudications.workspaceId, ctx.workspace.id), inArray(adjudications.rolloutId, itemRollouts)),
    )
    .orderBy(adjudications.rolloutId, desc(adjudications.createdAt), desc(adjudications.id));
  const items = await db
    .select({ rolloutId: queueItems.rolloutId, taskKey: rollouts.taskKey })
    .from(queueItems)
    .innerJoin(rollouts, eq(rollouts.id, queueItems.rolloutId))
    .where(eq(queueItems.queueId, queue.id));
  return {
    queue,
    labels: rows,
    finals: new Map<string, string>(decided.map((d) => [d.rolloutId, d.verdict])),
    /** Rollout id → task key, to name items in the drill-down. */
    taskKeys: new Map(items.map((i) => [i.rolloutId, i.taskKey])),
  };
}

export async function getQueueAgreement({ ctx, queueId }: { ctx: Ctx; queueId: string }) {
  const { queue, labels: rows, finals, taskKeys } = await listQueueAgreementLabels({ ctx, queueId });
  return { queue, agreement: computeAgreement({ labels: rows, finals }), labels: rows, taskKeys };
}
