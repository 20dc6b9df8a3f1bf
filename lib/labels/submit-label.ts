import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "@/db/client";
import { labelSpans, labels, messages, rollouts, tasks } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { completeAssignment } from "@/lib/queues/complete-assignment";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { resolveReviewer } from "./reviewer";
import { type SubmitLabel, type SubmitLabelInput, submitLabelInput } from "./schemas";
import { listActiveCategoryKeys } from "./taxonomy-queries";
import { type SpanTarget, validateLabelContent } from "./validate-label";

export type SubmittedLabel = { id: string; rolloutId: string; version: number; createdAt: Date };

const toolCalls = z
  .array(z.unknown())
  .catch([])
  .transform((calls) =>
    calls.flatMap((c) => {
      const parsed = z.object({ id: z.string(), arguments: z.unknown() }).safeParse(c);
      return parsed.success ? [parsed.data] : [];
    }),
  );

/** The messages the spans point at, with what a span may address in each. */
async function loadSpanTargets(
  tx: Tx,
  rolloutId: string,
  data: SubmitLabel,
): Promise<Map<number, SpanTarget>> {
  const indexes = [...new Set(data.spans.map((s) => s.message))];
  if (indexes.length === 0) return new Map();
  const rows = await tx
    .select({
      index: messages.index,
      role: messages.role,
      text: messages.text,
      reasoning: messages.reasoning,
      toolCalls: messages.toolCalls,
    })
    .from(messages)
    .where(and(eq(messages.rolloutId, rolloutId), inArray(messages.index, indexes)));
  // Offsets are JavaScript string indexes (UTF-16 code units), so the length is measured here, not in SQL.
  return new Map(
    rows.map((r) => {
      const calls = toolCalls.parse(r.toolCalls ?? []);
      return [
        r.index,
        {
          index: r.index,
          role: r.role,
          textLength: r.text.length,
          reasoningLength: r.reasoning?.length ?? 0,
          toolCallIds: calls.map((c) => c.id),
          toolArguments: new Map(calls.map((c) => [c.id, c.arguments])),
        },
      ];
    }),
  );
}

/**
 * Stores a reviewer's label on a rollout as a new version: the first is version 1, an edit is the
 * next version pointing at the one before. Nothing is updated in place, and labels of different
 * reviewers never touch each other. With `queueId`, completes the reviewer's item in that queue.
 */
export async function submitLabel({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: SubmitLabelInput;
}): Promise<SubmittedLabel> {
  assertCan(ctx, "review.work");
  const data = parseInput(submitLabelInput, input);
  const reviewer = resolveReviewer(ctx.actor);
  if (data.queueId && !reviewer.reviewerId)
    throw new AppError("invalid", "Queues are worked by signed-in reviewers.");
  return runInTransaction(ctx, async (tx) => {
    const [rollout] = await tx
      .select({ id: rollouts.id, messageCount: rollouts.messageCount, taskId: rollouts.taskId })
      .from(rollouts)
      .where(and(eq(rollouts.workspaceId, ctx.workspace.id), eq(rollouts.id, data.rolloutId)));
    if (!rollout) throw new AppError("not_found", "Rollout not found.");
    // One reviewer's versions of one rollout are numbered one at a time; other reviewers don't wait.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`label:${rollout.id}:${reviewer.reviewerKey}`}, 0))`,
    );
    const [previous] = await tx
      .select({ id: labels.id, version: labels.version, categories: labels.categories })
      .from(labels)
      .where(and(eq(labels.rolloutId, rollout.id), eq(labels.reviewerKey, reviewer.reviewerKey)))
      .orderBy(desc(labels.version))
      .limit(1);
    const currentVersion = previous?.version ?? 0;
    if (data.basedOnVersion != null && data.basedOnVersion !== currentVersion) {
      throw new AppError(
        "conflict",
        `You saved version ${currentVersion} of this label meanwhile (you edited version ${data.basedOnVersion}). Reload to see it.`,
      );
    }
    // Categories retired since the previous version may stay on the label they were already on.
    const allowed = await listActiveCategoryKeys(tx, ctx.workspace.id);
    for (const key of previous?.categories ?? []) allowed.add(key);
    const fieldErrors = validateLabelContent({
      label: data,
      messageCount: rollout.messageCount,
      targets: await loadSpanTargets(tx, rollout.id, data),
      allowedCategories: allowed,
    });
    const firstError = Object.entries(fieldErrors)[0];
    if (firstError) throw new AppError("invalid", `${firstError[0]}: ${firstError[1][0]}`, { fieldErrors });
    if (data.queueId) {
      await completeAssignment(tx, {
        workspaceId: ctx.workspace.id,
        queueId: data.queueId,
        rolloutId: rollout.id,
        reviewerId: reviewer.reviewerId!,
      });
    }
    const [task] = rollout.taskId
      ? await tx.select({ revision: tasks.revision }).from(tasks).where(eq(tasks.id, rollout.taskId))
      : [];
    const [label] = await tx
      .insert(labels)
      .values({
        workspaceId: ctx.workspace.id,
        rolloutId: rollout.id,
        queueId: data.queueId ?? null,
        ...reviewer,
        version: currentVersion + 1,
        previousId: previous?.id ?? null,
        verdict: data.verdict,
        categories: data.categories,
        confidence: data.confidence ?? null,
        rationale: data.rationale,
        criterionScores: data.criterionScores,
        taskRevision: task ? String(task.revision) : null,
      })
      .returning({ id: labels.id, version: labels.version, createdAt: labels.createdAt });
    if (data.spans.length > 0) {
      await tx.insert(labelSpans).values(
        data.spans.map((span, position) => ({
          labelId: label.id,
          workspaceId: ctx.workspace.id,
          rolloutId: rollout.id,
          position,
          messageIndex: span.message,
          kind: span.kind,
          start: span.start,
          end: span.end,
          toolCallId: span.toolCallId,
          part: span.part,
          argumentPath: span.argumentPath,
          category: span.category,
          comment: span.comment,
        })),
      );
    }
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "label.submit",
      targetType: "label",
      targetId: label.id,
      details: {
        rolloutId: rollout.id,
        version: label.version,
        verdict: data.verdict,
        queueId: data.queueId ?? null,
      },
    });
    return { id: label.id, rolloutId: rollout.id, version: label.version, createdAt: label.createdAt };
  });
}
