import type { FieldErrors } from "@/lib/errors";
import { readArgumentText } from "@/lib/rollouts/tool-arguments";
import type { Span } from "./schemas";

// Checks a parsed label against the rollout it labels and the workspace's taxonomy: every span must
// point inside its message, and every category must exist and be active. Pure, so it is unit-tested.

/** What a span may point at in one message. */
export type SpanTarget = {
  index: number;
  role: "system" | "user" | "assistant" | "tool";
  /** messages.text length in UTF-16 code units (JavaScript string length, Postgres char_length). */
  textLength: number;
  /** The reasoning's length, in the same units; 0 when the message has none. */
  reasoningLength: number;
  toolCallIds: readonly string[];
  /** Each tool call's arguments, by call id, for spans inside them. */
  toolArguments: ReadonlyMap<string, unknown>;
};

export type LabelContent = { categories: readonly string[]; spans: readonly Span[] };

export function validateLabelContent({
  label,
  messageCount,
  targets,
  allowedCategories,
}: {
  label: LabelContent;
  messageCount: number;
  targets: ReadonlyMap<number, SpanTarget>;
  allowedCategories: ReadonlySet<string>;
}): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => {
    errors[path] ??= [];
    errors[path].push(message);
  };
  label.categories.forEach((key, i) => {
    if (!allowedCategories.has(key)) add(`categories.${i}`, `Unknown or retired category "${key}"`);
  });
  label.spans.forEach((span, i) => {
    const path = `spans.${i}`;
    if (span.category !== null && !allowedCategories.has(span.category)) {
      add(`${path}.category`, `Unknown or retired category "${span.category}"`);
    }
    const target = targets.get(span.message);
    if (span.message >= messageCount || !target) {
      add(`${path}.message`, `The rollout has no message ${span.message} (it has ${messageCount})`);
      return;
    }
    if (span.kind === "text" && span.part === "content" && span.end! > target.textLength) {
      add(
        `${path}.end`,
        `Message ${span.message} has ${target.textLength} characters; end ${span.end} is past it`,
      );
    }
    if (span.part === "reasoning" && span.end! > target.reasoningLength) {
      add(
        `${path}.end`,
        target.reasoningLength === 0
          ? `Message ${span.message} has no reasoning`
          : `The reasoning of message ${span.message} has ${target.reasoningLength} characters; end ${span.end} is past it`,
      );
    }
    if (span.part === "argument") {
      const args = target.toolArguments.get(span.toolCallId!);
      const text = args === undefined ? null : readArgumentText(args, span.argumentPath!);
      if (!target.toolCallIds.includes(span.toolCallId!))
        add(`${path}.toolCallId`, `Message ${span.message} has no tool call "${span.toolCallId}"`);
      else if (text === null)
        add(
          `${path}.argumentPath`,
          `The arguments of tool call "${span.toolCallId}" hold no string at "${span.argumentPath}"`,
        );
      else if (span.end! > text.length)
        add(
          `${path}.end`,
          `That argument of tool call "${span.toolCallId}" has ${text.length} characters; end ${span.end} is past it`,
        );
    }
    if (span.kind === "tool-call" && !target.toolCallIds.includes(span.toolCallId!)) {
      add(`${path}.toolCallId`, `Message ${span.message} has no tool call "${span.toolCallId}"`);
    }
    if (span.kind === "tool-result" && target.role !== "tool") {
      add(`${path}.kind`, `Message ${span.message} is not a tool result`);
    }
  });
  return errors;
}
