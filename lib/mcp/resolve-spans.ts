import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import type { SpanInput } from "@/lib/labels/schemas";
import { listMessages } from "@/lib/rollouts/transcript-queries";

// label_rollout's spans name a message and quote its text; the label stores character offsets.
// A quote is looked up in the message's whole text (never a cut window): not found, or found in a
// message that isn't there, refuses the label before anything is stored.

export type QuotedSpan = {
  message: number;
  quote?: string;
  /** Which occurrence of the quote, from 1, when it appears more than once. */
  occurrence?: number;
  toolCallId?: string;
  kind?: "text" | "tool-call" | "tool-result";
  category?: string;
  comment?: string;
};

function findOccurrence(text: string, quote: string, occurrence: number): number {
  let at = -1;
  for (let n = 0; n < occurrence; n += 1) {
    at = text.indexOf(quote, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

export async function resolveQuotedSpans({
  ctx,
  rolloutId,
  spans,
}: {
  ctx: Ctx;
  rolloutId: string;
  spans: QuotedSpan[];
}): Promise<SpanInput[]> {
  const texts = new Map<number, string>();
  for (const index of new Set(spans.filter((s) => s.quote !== undefined).map((s) => s.message))) {
    const [message] = await listMessages({ ctx, rolloutId, input: { offset: index, limit: 1 } });
    if (!message) throw new AppError("invalid", `The rollout has no message ${index}.`);
    texts.set(index, message.content);
  }
  return spans.map((span, i) => {
    const base = { message: span.message, category: span.category, comment: span.comment ?? "" };
    if (span.quote === undefined) return { ...base, kind: span.kind, toolCallId: span.toolCallId };
    const text = texts.get(span.message) ?? "";
    const occurrence = span.occurrence ?? 1;
    const start = findOccurrence(text, span.quote, occurrence);
    if (start < 0) {
      const where = occurrence > 1 ? ` ${occurrence} times` : "";
      throw new AppError(
        "invalid",
        `Span ${i + 1}: the quote ${JSON.stringify(span.quote.slice(0, 200))} isn't in message ${span.message}'s text${where} (quote it exactly, as read_transcript shows it; for a tool call, give toolCallId instead). Nothing was stored.`,
      );
    }
    return { ...base, kind: "text" as const, start, end: start + span.quote.length };
  });
}
