import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { environmentSamples, rollouts, taskAnswerKeys, tasks } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { findQuotedAnswerKeys } from "./sample-guard";
import { loadSampleLabels, loadSampleMessages } from "./sample-queries";
import {
  type ChooseSampleInput,
  chooseSampleInput,
  MAX_SAMPLE_MESSAGES,
  MAX_SAMPLES,
  removeSampleInput,
} from "./schemas";

/**
 * Chooses a rollout of the environment as a sample for buyers (or updates its note). It must be
 * labelled (a final verdict), readable in full, and must not quote any task's answer key.
 */
export async function chooseSample({
  ctx,
  slug,
  input,
}: {
  ctx: Ctx;
  slug: string;
  input: ChooseSampleInput;
}) {
  assertCan(ctx, "environments.write");
  const data = parseInput(chooseSampleInput, input);
  return runInTransaction(ctx, async (tx) => {
    const environment = await findEnvironmentBySlug(tx, ctx, slug);
    const [rollout] = await tx
      .select({ id: rollouts.id, messageCount: rollouts.messageCount })
      .from(rollouts)
      .where(
        and(
          eq(rollouts.id, data.rolloutId),
          eq(rollouts.workspaceId, ctx.workspace.id),
          eq(rollouts.environmentId, environment.id),
        ),
      );
    if (!rollout) throw new AppError("not_found", "No rollout of this environment has that id.");
    if (rollout.messageCount > MAX_SAMPLE_MESSAGES) {
      throw new AppError(
        "bad_request",
        `A sample is read in full: pick one with at most ${MAX_SAMPLE_MESSAGES} messages.`,
      );
    }
    if (!(await loadSampleLabels(tx, ctx.workspace.id, [rollout.id])).has(rollout.id)) {
      throw new AppError(
        "conflict",
        "Label this rollout first (reviewers agree, or an adjudicator decides): buyers see its final label.",
      );
    }
    const keys = await tx
      .select({ taskKey: tasks.key, answerKey: taskAnswerKeys.answerKey })
      .from(taskAnswerKeys)
      .innerJoin(tasks, eq(tasks.id, taskAnswerKeys.taskId))
      .where(eq(tasks.environmentId, environment.id));
    const quoted = findQuotedAnswerKeys(
      (await loadSampleMessages(tx, [rollout.id])).get(rollout.id) ?? [],
      keys,
    );
    if (quoted.length > 0) {
      throw new AppError(
        "conflict",
        `This transcript quotes the answer key of ${quoted.join(", ")}; buyers would read it.`,
      );
    }
    const [{ count, next }] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        next: sql<number>`coalesce(max(${environmentSamples.position}), 0)::int + 1`,
      })
      .from(environmentSamples)
      .where(eq(environmentSamples.environmentId, environment.id));
    const [row] = await tx
      .insert(environmentSamples)
      .values({
        workspaceId: ctx.workspace.id,
        environmentId: environment.id,
        rolloutId: rollout.id,
        position: next,
        note: data.note,
        chosenById: actorUserId(ctx.actor),
      })
      .onConflictDoUpdate({
        target: [environmentSamples.environmentId, environmentSamples.rolloutId],
        set: { note: data.note },
      })
      .returning();
    if (row.position === next && count >= MAX_SAMPLES) {
      throw new AppError(
        "conflict",
        `An environment shows at most ${MAX_SAMPLES} samples: remove one first.`,
      );
    }
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "environment.sample.choose",
      targetType: "rollout",
      targetId: rollout.id,
      details: { slug, note: data.note },
    });
    return { rolloutId: rollout.id, position: row.position, note: row.note };
  });
}

/** Takes a rollout out of the samples (versions already approved keep it). */
export async function removeSample({
  ctx,
  slug,
  input,
}: {
  ctx: Ctx;
  slug: string;
  input: { rolloutId: string };
}) {
  assertCan(ctx, "environments.write");
  const { rolloutId } = parseInput(removeSampleInput, input);
  return runInTransaction(ctx, async (tx) => {
    const environment = await findEnvironmentBySlug(tx, ctx, slug);
    const removed = await tx
      .delete(environmentSamples)
      .where(
        and(
          eq(environmentSamples.environmentId, environment.id),
          inArray(environmentSamples.rolloutId, [rolloutId]),
        ),
      )
      .returning({ id: environmentSamples.id });
    if (removed.length === 0)
      throw new AppError("not_found", "That rollout is not a sample of this environment.");
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "environment.sample.remove",
      targetType: "rollout",
      targetId: rolloutId,
      details: { slug },
    });
    return { rolloutId };
  });
}
