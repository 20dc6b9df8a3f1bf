import "server-only";
import { and, eq } from "drizzle-orm";
import { hackCorpusEntries, rollouts } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { type SetCorpusStatusInput, setCorpusStatusInput } from "./schemas";

/** Marks a corpus hack open again, or fixed in a task/rubric revision. Audited with its previous state. */
export async function setCorpusStatus({ ctx, input }: { ctx: Ctx; input: SetCorpusStatusInput }) {
  assertCan(ctx, "review.adjudicate");
  const data = parseInput(setCorpusStatusInput, input);
  return runInTransaction(ctx, async (tx) => {
    const [rollout] = await tx
      .select({ id: rollouts.id })
      .from(rollouts)
      .where(and(eq(rollouts.workspaceId, ctx.workspace.id), eq(rollouts.id, data.rolloutId)));
    if (!rollout) throw new AppError("not_found", "Rollout not found.");
    const [before] = await tx
      .select({ status: hackCorpusEntries.status, fixedInRevision: hackCorpusEntries.fixedInRevision })
      .from(hackCorpusEntries)
      .where(eq(hackCorpusEntries.rolloutId, rollout.id));
    const values = {
      status: data.status,
      fixedInRevision: data.status === "fixed" ? (data.fixedInRevision ?? null) : null,
      note: data.note,
      updatedById: actorUserId(ctx.actor),
    };
    await tx
      .insert(hackCorpusEntries)
      .values({ workspaceId: ctx.workspace.id, rolloutId: rollout.id, ...values })
      .onConflictDoUpdate({ target: hackCorpusEntries.rolloutId, set: values });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "corpus.status",
      targetType: "rollout",
      targetId: rollout.id,
      details: { before: before ?? null, after: values },
    });
    return { rolloutId: rollout.id, ...values };
  });
}
