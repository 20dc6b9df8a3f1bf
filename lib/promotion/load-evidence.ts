import "server-only";
import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { environments, messages, rollouts, tasks } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { listFinalLabels } from "@/lib/labels/final-labels";
import type { LabelRecord, SpanRecord } from "@/lib/labels/label-record";
import { listRolloutLabels } from "@/lib/labels/queries";
import { rolloutIdInput } from "@/lib/rollouts/schemas";
import { readArgumentText } from "@/lib/rollouts/tool-arguments";
import { canReadAnswerKeys } from "@/lib/tasks/answer-key-access";
import { toFullContent } from "@/lib/tasks/hidden-material";
import { loadTaskContents } from "@/lib/tasks/load-content";
import type { EvidenceItem, PromotionEvidence } from "./build-promotion";

// Reads what is known about one rollout for promotion: its task (with the answer key), the prompt
// and final answer, its final label, the reviewers' rationales and the text their spans point at.

type SpanRef = Pick<SpanRecord, "message" | "start" | "end" | "toolCallId" | "part" | "argumentPath">;

/** The current version of each reviewer's label. */
function currentLabels(all: LabelRecord[]): LabelRecord[] {
  const latest = new Map<string, LabelRecord>();
  for (const label of all) {
    const seen = latest.get(label.reviewerKey);
    if (!seen || seen.version < label.version) latest.set(label.reviewerKey, label);
  }
  return [...latest.values()];
}

function spanText(
  span: SpanRef,
  message: { text: string; reasoning: string | null; toolCalls: unknown } | undefined,
): string {
  if (!message) return "";
  const call =
    span.toolCallId && Array.isArray(message.toolCalls)
      ? message.toolCalls.find(
          (c): c is { id: string; name?: string; arguments?: unknown } =>
            typeof c === "object" && c !== null && (c as { id?: unknown }).id === span.toolCallId,
        )
      : undefined;
  if (span.start !== null && span.end !== null) {
    // A text span's offsets count in its part: the text, the reasoning or one argument's string.
    const text =
      span.part === "reasoning"
        ? (message.reasoning ?? "")
        : span.part === "argument"
          ? call
            ? (readArgumentText(call.arguments, span.argumentPath ?? "") ?? "")
            : ""
          : message.text;
    return text.slice(span.start, span.end);
  }
  if (call) return `${call.name ?? "tool"}(${JSON.stringify(call.arguments ?? {})})`;
  return message.text;
}

export async function loadPromotionEvidence(
  executor: Executor,
  ctx: Ctx,
  rolloutId: string,
): Promise<PromotionEvidence & { sourceEnvironmentSlug: string | null }> {
  const id = rolloutIdInput.safeParse(rolloutId);
  if (!id.success) throw new AppError("not_found", "Rollout not found.");
  const [row] = await executor
    .select({ rollout: rollouts, environment: environments, task: tasks })
    .from(rollouts)
    .leftJoin(environments, eq(environments.id, rollouts.environmentId))
    .leftJoin(tasks, eq(tasks.id, rollouts.taskId))
    .where(and(eq(rollouts.workspaceId, ctx.workspace.id), eq(rollouts.id, id.data)));
  if (!row) throw new AppError("not_found", "Rollout not found.");
  const { rollout, environment, task } = row;

  let sourceTask: PromotionEvidence["sourceTask"] = null;
  if (task && environment && canReadAnswerKeys(ctx, environment)) {
    const view = (await loadTaskContents(executor, [task], { includeHidden: true })).get(task.id);
    const content = view ? toFullContent(view) : null;
    if (content) sourceTask = { key: task.key, title: task.title, content };
  }

  const messageText = (role: "user" | "assistant", order: "first" | "last") =>
    executor
      .select({ text: messages.text })
      .from(messages)
      .where(and(eq(messages.rolloutId, rollout.id), eq(messages.role, role), ne(messages.text, "")))
      .orderBy(order === "first" ? asc(messages.index) : desc(messages.index))
      .limit(1);
  const [[firstUser], [finalAssistant], labelSet, finals] = await Promise.all([
    messageText("user", "first"),
    messageText("assistant", "last"),
    listRolloutLabels({ ctx, rolloutId: rollout.id }),
    listFinalLabels({ ctx, rolloutIds: [rollout.id] }),
  ]);
  const labels = currentLabels(labelSet.labels);
  const final = finals.get(rollout.id) ?? null;

  const spans = labels.flatMap((label) =>
    label.spans.map((span) => ({ span, reviewer: label.reviewer.name })),
  );
  const indexes = [...new Set(spans.map((s) => s.span.message))];
  const spanMessages = indexes.length
    ? await executor
        .select({
          index: messages.index,
          text: messages.text,
          reasoning: messages.reasoning,
          toolCalls: messages.toolCalls,
        })
        .from(messages)
        .where(and(eq(messages.rolloutId, rollout.id), inArray(messages.index, indexes)))
    : [];
  const byIndex = new Map(spanMessages.map((m) => [m.index, m]));
  const evidence: EvidenceItem[] = spans
    .map(({ span, reviewer }) => ({
      message: span.message,
      text: spanText(span, byIndex.get(span.message)),
      source: `label span by ${reviewer}${span.category ? `, ${span.category}` : ""}`,
      comment: span.comment || undefined,
    }))
    .filter((item) => item.text.trim());

  return {
    rollout: {
      id: rollout.id,
      externalId: rollout.externalId,
      model: rollout.model,
      reward: rollout.reward,
      environmentName: environment?.name ?? null,
      taskKey: rollout.taskKey,
    },
    sourceEnvironmentSlug: environment?.slug ?? null,
    sourceTask,
    firstUserMessage: firstUser?.text ?? "",
    finalAnswer: finalAssistant?.text ?? "",
    finalVerdict: final?.verdict ?? null,
    verdictSource: final
      ? `${final.source}, ${final.labelCount} reviewer${final.labelCount === 1 ? "" : "s"}`
      : null,
    rationales: labels
      .filter((l) => l.rationale.trim())
      .map((l) => ({ reviewer: l.reviewer.name, text: l.rationale })),
    categories: [
      ...new Set([...(final?.adjudicatedCategories ?? []), ...labels.flatMap((l) => l.categories)]),
    ],
    evidence,
  };
}
