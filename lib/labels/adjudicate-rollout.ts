import "server-only";
import { and, eq } from "drizzle-orm";
import { adjudications, labels, rollouts } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { resolveReviewer } from "./reviewer";
import { type AdjudicateInput, adjudicateInput } from "./schemas";
import { listActiveCategoryKeys } from "./taxonomy-queries";

/**
 * Sets the final label of a rollout reviewers labelled (an owner or author decides where they
 * disagree). A new row each time; the latest stands, and every individual label stays as it was.
 */
export async function adjudicateRollout({ ctx, input }: { ctx: Ctx; input: AdjudicateInput }) {
  assertCan(ctx, "review.adjudicate");
  const data = parseInput(adjudicateInput, input);
  const adjudicator = resolveReviewer(ctx.actor);
  return runInTransaction(ctx, async (tx) => {
    const [rollout] = await tx
      .select({ id: rollouts.id })
      .from(rollouts)
      .where(and(eq(rollouts.workspaceId, ctx.workspace.id), eq(rollouts.id, data.rolloutId)));
    if (!rollout) throw new AppError("not_found", "Rollout not found.");
    const [labelled] = await tx
      .select({ id: labels.id })
      .from(labels)
      .where(and(eq(labels.workspaceId, ctx.workspace.id), eq(labels.rolloutId, rollout.id)))
      .limit(1);
    if (!labelled)
      throw new AppError(
        "invalid",
        "No reviewer has labelled this rollout yet: there is nothing to adjudicate.",
      );
    const allowed = await listActiveCategoryKeys(tx, ctx.workspace.id);
    const unknown = data.categories.filter((key) => !allowed.has(key));
    if (unknown.length > 0) {
      throw new AppError("invalid", `categories: unknown or retired category "${unknown[0]}"`, {
        fieldErrors: { categories: unknown.map((key) => `Unknown or retired category "${key}"`) },
      });
    }
    const [row] = await tx
      .insert(adjudications)
      .values({
        workspaceId: ctx.workspace.id,
        rolloutId: rollout.id,
        queueId: data.queueId ?? null,
        adjudicatorId: adjudicator.reviewerId,
        adjudicatorName: adjudicator.reviewerName,
        verdict: data.verdict,
        categories: data.categories,
        rationale: data.rationale,
      })
      .returning({ id: adjudications.id, createdAt: adjudications.createdAt });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "label.adjudicate",
      targetType: "rollout",
      targetId: rollout.id,
      details: { adjudicationId: row.id, verdict: data.verdict, queueId: data.queueId ?? null },
    });
    return { id: row.id, rolloutId: rollout.id, verdict: data.verdict, createdAt: row.createdAt };
  });
}
