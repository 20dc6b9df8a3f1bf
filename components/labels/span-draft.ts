import type { TextHighlight } from "@/components/transcripts/highlight-segments";
import type { SpanRecord } from "@/lib/labels/label-record";
import type { Span } from "@/lib/labels/schemas";
import type { SpanKind, SpanPart, TaxonomyFamily } from "@/lib/values/review-values";

// Spans as the review form edits them, and how they turn into viewer highlights. Pure.

export type DraftSpan = {
  /** Local key while editing; the saved span's id once stored. */
  key: string;
  message: number;
  kind: SpanKind;
  start: number | null;
  end: number | null;
  toolCallId: string | null;
  /** Text spans: the text the offsets count in (the message's, its reasoning, or an argument's string). */
  part: SpanPart;
  argumentPath: string | null;
  category: string | null;
  comment: string;
  /** The selected text, when known (for the list; never sent). */
  quote?: string;
};

export function fromSpanRecord(span: SpanRecord): DraftSpan {
  return { ...span, key: span.id };
}

export function toSpanInput(span: DraftSpan): Span {
  return {
    message: span.message,
    kind: span.kind,
    start: span.start,
    end: span.end,
    toolCallId: span.toolCallId,
    part: span.part,
    argumentPath: span.argumentPath,
    category: span.category,
    comment: span.comment,
  };
}

export function describeSpan(
  span: Pick<DraftSpan, "message" | "kind" | "start" | "end" | "toolCallId"> &
    Partial<Pick<DraftSpan, "part" | "argumentPath">>,
): string {
  if (span.kind === "tool-call") return `Tool call ${span.toolCallId} in message #${span.message}`;
  if (span.kind === "tool-result") return `Tool result, message #${span.message}`;
  const characters = `characters ${span.start}–${span.end}`;
  if (span.part === "reasoning") return `Reasoning of message #${span.message}, ${characters}`;
  if (span.part === "argument") {
    const field = span.argumentPath ? `argument ${describePointer(span.argumentPath)}` : "arguments";
    return `Tool call ${span.toolCallId} in message #${span.message}, ${field}, ${characters}`;
  }
  return `Message #${span.message}, ${characters}`;
}

/** A JSON pointer as a reader writes the field: "/files/0/text" as files.0.text. */
function describePointer(pointer: string): string {
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
}

/** Hack categories draw in red, failure modes in amber, uncategorised spans in the accent colour. */
export function toHighlight(
  span: DraftSpan,
  {
    families,
    names,
    prefix = "",
    isActive = false,
    isMuted = false,
  }: {
    families: ReadonlyMap<string, TaxonomyFamily>;
    names: ReadonlyMap<string, string>;
    prefix?: string;
    isActive?: boolean;
    isMuted?: boolean;
  },
): TextHighlight {
  const family = span.category ? families.get(span.category) : undefined;
  const category = span.category ? (names.get(span.category) ?? span.category) : "Span";
  return {
    id: span.key,
    messageIndex: span.message,
    kind: span.kind,
    start: span.start,
    end: span.end,
    toolCallId: span.toolCallId,
    part: span.part,
    argumentPath: span.argumentPath,
    label: `${prefix}${category}${span.comment ? `: ${span.comment}` : ""}`,
    tone: isMuted
      ? "neutral"
      : family === "reward-hack"
        ? "danger"
        : family === "failure-mode"
          ? "warning"
          : "accent",
    isActive,
  };
}

/**
 * Where `quote` sits in `content`: the occurrence nearest `near` (the selection's approximate
 * offset in rendered markdown). Null when the rendered text isn't in the source as such.
 */
export function locateQuote(
  content: string,
  quote: string,
  near: number,
): { start: number; end: number } | null {
  if (!quote) return null;
  let best: number | null = null;
  for (let at = content.indexOf(quote); at !== -1; at = content.indexOf(quote, at + 1)) {
    if (best === null || Math.abs(at - near) < Math.abs(best - near)) best = at;
  }
  return best === null ? null : { start: best, end: best + quote.length };
}
