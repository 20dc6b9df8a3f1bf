import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { memberships, queueReviewers, reviewQueues } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { can } from "@/lib/permissions/rules";
import { rolloutFilterInput } from "@/lib/rollouts/schemas";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { type CreateQueueInput, createQueueInput } from "./schemas";
import { drawQueueItems } from "./sync-queue-items";

/** Creates a queue and draws its items from the rollouts its filter matches now. */
export async function createQueue({ ctx, input }: { ctx: Ctx; input: CreateQueueInput }) {
  assertCan(ctx, "queues.manage");
  const data = parseInput(createQueueInput, input);
  const filterCheck = rolloutFilterInput.safeParse(data.filter);
  if (!filterCheck.success) {
    const issue = filterCheck.error.issues[0];
    const path = `filter.${issue?.path.join(".")}`;
    throw new AppError("invalid", `${path}: ${issue?.message}`, {
      fieldErrors: { [path]: [issue?.message ?? "Invalid"] },
    });
  }
  return runInTransaction(ctx, async (tx) => {
    if (data.reviewerIds.length > 0) {
      const members = await tx
        .select({ userId: memberships.userId, role: memberships.role })
        .from(memberships)
        .where(
          and(eq(memberships.workspaceId, ctx.workspace.id), inArray(memberships.userId, data.reviewerIds)),
        );
      const reviewers = new Set(members.filter((m) => can(m.role, "review.work")).map((m) => m.userId));
      const stranger = data.reviewerIds.find((id) => !reviewers.has(id));
      if (stranger) {
        throw new AppError("invalid", "reviewerIds: every reviewer must be a member who may review", {
          fieldErrors: { reviewerIds: [`${stranger} is not a reviewing member of this workspace`] },
        });
      }
    }
    const [queue] = await tx
      .insert(reviewQueues)
      .values({
        workspaceId: ctx.workspace.id,
        name: data.name,
        description: data.description,
        filter: data.filter,
        sampling: data.sampling,
        samplePercent: data.sampling === "random-audit" ? (data.samplePercent ?? null) : null,
        overlap: data.overlap,
        isBlind: data.isBlind,
        seed: randomBytes(8).toString("hex"),
        createdById: actorUserId(ctx.actor),
      })
      .returning();
    const reviewerIds = [...new Set(data.reviewerIds)];
    if (reviewerIds.length > 0) {
      await tx.insert(queueReviewers).values(reviewerIds.map((userId) => ({ queueId: queue.id, userId })));
    }
    const itemCount = await drawQueueItems(tx, ctx.workspace.id, queue);
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "queue.create",
      targetType: "review_queue",
      targetId: queue.id,
      details: {
        name: data.name,
        sampling: data.sampling,
        overlap: data.overlap,
        isBlind: data.isBlind,
        itemCount,
      },
    });
    return { id: queue.id, itemCount };
  });
}
