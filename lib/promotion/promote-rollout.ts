import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { hackCorpusEntries, taskOrigins } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { insertTask } from "@/lib/tasks/create-task";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { buildPromotion } from "./build-promotion";
import { loadPromotionEvidence } from "./load-evidence";
import { type PromoteRolloutInput, promoteRolloutInput } from "./schemas";

/**
 * Makes a draft task from a rollout (issue #19): pre-filled from its task and transcript, with the
 * failure or hack written up as its origin; a hack also gets a guard criterion, a proven guard check
 * where one can be derived, and stays in the reward-hack corpus noted as guarding the new task.
 * Uploaded files of the source task are not copied (the write-up names them).
 */
export async function promoteRollout({ ctx, input }: { ctx: Ctx; input: PromoteRolloutInput }) {
  assertCan(ctx, "environments.write");
  const data = parseInput(promoteRolloutInput, input);
  // Read before the transaction: the label queries use their own connection, and the embedded
  // database serves one transaction at a time.
  const evidence = await loadPromotionEvidence(db, ctx, data.rolloutId);
  return runInTransaction(ctx, async (tx) => {
    const environment = await findEnvironmentBySlug(tx, ctx, data.environment);
    const promotion = buildPromotion(evidence);
    const files = promotion.content.resources.filter((r) => r.kind === "file").map((r) => r.name);
    const content = {
      ...promotion.content,
      title: data.title || promotion.content.title,
      resources: promotion.content.resources.filter((r) => r.kind === "document"),
    };
    const reason = files.length
      ? `${promotion.reason}\n\nNot copied (attach them again): ${files.join(", ")}.`
      : promotion.reason;
    const task = await insertTask(tx, {
      ctx,
      environment,
      key: data.key,
      content,
      message: `Made from rollout ${evidence.rollout.externalId ?? evidence.rollout.id}`,
    });
    const guard = promotion.guard
      ? {
          kind: "check" as const,
          key: promotion.guard.check.key,
          hackScore: promotion.guard.hackScore,
          referenceScore: promotion.guard.referenceScore,
        }
      : promotion.guardCriterionKey
        ? {
            kind: "criterion" as const,
            key: promotion.guardCriterionKey,
            hackScore: null,
            referenceScore: null,
          }
        : undefined;
    await tx.insert(taskOrigins).values({
      workspaceId: ctx.workspace.id,
      taskId: task.id,
      kind: promotion.kind,
      sourceRolloutId: evidence.rollout.id,
      sourceTaskId: null,
      reason,
      details: {
        verdict: evidence.finalVerdict,
        categories: evidence.categories,
        evidence: evidence.evidence,
        guard,
      },
      createdById: actorUserId(ctx.actor),
    });
    if (promotion.kind === "hack") {
      const note = `Guards ${environment.slug}/${task.key}: its grader must not reward this rollout.`;
      await tx
        .insert(hackCorpusEntries)
        .values({
          workspaceId: ctx.workspace.id,
          rolloutId: evidence.rollout.id,
          note,
          updatedById: actorUserId(ctx.actor),
        })
        .onConflictDoUpdate({
          target: hackCorpusEntries.rolloutId,
          set: { note: sql`trim(both from ${hackCorpusEntries.note} || E'\n' || ${note})` },
        });
    }
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "task.promote",
      targetType: "task",
      targetId: task.id,
      details: { rollout: evidence.rollout.id, kind: promotion.kind, guard: guard?.key ?? null },
    });
    return { ...task, environment: environment.slug, kind: promotion.kind, guard: promotion.guard };
  });
}
