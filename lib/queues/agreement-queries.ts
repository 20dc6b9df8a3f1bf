import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { adjudications, judges, judgeVersions, judgments, labels, queueItems, rollouts } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { isCurrentLabel } from "@/lib/labels/queries";
import { type AgreementLabel, computeAgreement } from "./agreement";
import { type CriterionScore, computeCriterionAgreement } from "./criterion-agreement";
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

/**
 * Criterion scores on the queue's items: each reviewer's current label, and each judge's newest
 * version that judged any of them (scored judgments only; unevaluable ones are not a score).
 */
async function listQueueCriterionScores(ctx: Ctx, queueId: string): Promise<CriterionScore[]> {
  const itemRollouts = db
    .select({ id: queueItems.rolloutId })
    .from(queueItems)
    .where(eq(queueItems.queueId, queueId));
  const human = await db
    .select({
      rolloutId: labels.rolloutId,
      raterKey: labels.reviewerKey,
      raterName: labels.reviewerName,
      scores: labels.criterionScores,
    })
    .from(labels)
    .where(
      and(eq(labels.workspaceId, ctx.workspace.id), inArray(labels.rolloutId, itemRollouts), isCurrentLabel),
    );
  const judged = await db
    .select({
      rolloutId: judgments.rolloutId,
      criterionKey: judgments.criterionKey,
      score: judgments.score,
      versionId: judgeVersions.id,
      version: judgeVersions.version,
      judgeId: judges.id,
      judge: judges.name,
    })
    .from(judgments)
    .innerJoin(judgeVersions, eq(judgeVersions.id, judgments.judgeVersionId))
    .innerJoin(judges, eq(judges.id, judgeVersions.judgeId))
    .where(
      and(
        eq(judgments.workspaceId, ctx.workspace.id),
        inArray(judgments.rolloutId, itemRollouts),
        eq(judgments.status, "scored"),
      ),
    );
  const newest = new Map<string, number>();
  for (const j of judged) newest.set(j.judgeId, Math.max(newest.get(j.judgeId) ?? 0, j.version));
  return [
    ...human.flatMap((h) =>
      Object.entries(h.scores).flatMap(([criterionKey, score]) =>
        typeof score === "number" && Number.isFinite(score)
          ? [
              {
                rolloutId: h.rolloutId,
                criterionKey,
                raterKey: h.raterKey,
                raterName: h.raterName,
                isJudge: false,
                score,
              },
            ]
          : [],
      ),
    ),
    ...judged.flatMap((j) =>
      j.score !== null && newest.get(j.judgeId) === j.version
        ? [
            {
              rolloutId: j.rolloutId,
              criterionKey: j.criterionKey,
              raterKey: `judge:${j.versionId}`,
              raterName: `Judge ${j.judge} v${j.version}`,
              isJudge: true,
              score: j.score,
            },
          ]
        : [],
    ),
  ];
}

export async function getQueueAgreement({ ctx, queueId }: { ctx: Ctx; queueId: string }) {
  const { queue, labels: rows, finals, taskKeys } = await listQueueAgreementLabels({ ctx, queueId });
  const criterionScores = computeCriterionAgreement(await listQueueCriterionScores(ctx, queue.id));
  return {
    queue,
    agreement: { ...computeAgreement({ labels: rows, finals }), criterionScores },
    labels: rows,
    taskKeys,
  };
}
