// Highlights the viewer draws on messages (span labels, for one): character ranges of a message's
// text, or a whole tool call or tool result. Pure helpers, shared by the transcript components.

export type HighlightTone = "danger" | "warning" | "accent" | "neutral";

export type TextHighlight = {
  id: string;
  messageIndex: number;
  kind: "text" | "tool-call" | "tool-result";
  /**
   * text: what start and end count in: the message's text (content, the default), its reasoning, or
   * the string at `argumentPath` in the arguments of the tool call `toolCallId`.
   */
  part?: "content" | "reasoning" | "argument";
  argumentPath?: string | null;
  /** text: [start, end) in the part's text (JavaScript string indexes). */
  start?: number | null;
  end?: number | null;
  /** tool-call: the call's id. */
  toolCallId?: string | null;
  /** tool-call: the exact text inside the call's arguments to mark (a scanner flag's evidence). */
  excerpt?: string | null;
  /** What the highlight means, shown on hover and beside whole tool calls/results. */
  label: string;
  tone: HighlightTone;
  /** The one highlight the page points at (a span link). */
  isActive?: boolean;
};

export type HighlightMap = ReadonlyMap<number, readonly TextHighlight[]>;

export const NO_HIGHLIGHTS: HighlightMap = new Map();

export function groupHighlights(highlights: readonly TextHighlight[] | undefined): HighlightMap {
  if (!highlights?.length) return NO_HIGHLIGHTS;
  const map = new Map<number, TextHighlight[]>();
  for (const h of highlights) map.set(h.messageIndex, [...(map.get(h.messageIndex) ?? []), h]);
  return map;
}

export type HighlightSegment = { text: string; highlights: TextHighlight[] };

/**
 * Cuts `text` at every highlight boundary; each segment lists the text highlights covering it
 * (overlaps allowed). Ranges past the end (text shown cut) are clipped; empty ones dropped.
 */
export function splitByHighlights(text: string, highlights: readonly TextHighlight[]): HighlightSegment[] {
  const ranges = highlights
    .filter((h) => h.kind === "text" && h.start != null && h.end != null)
    .map((h) => ({ h, start: Math.max(0, h.start!), end: Math.min(text.length, h.end!) }))
    .filter((r) => r.end > r.start);
  if (ranges.length === 0) return text ? [{ text, highlights: [] }] : [];
  const cuts = [...new Set([0, text.length, ...ranges.flatMap((r) => [r.start, r.end])])].sort(
    (a, b) => a - b,
  );
  const segments: HighlightSegment[] = [];
  for (let i = 0; i < cuts.length - 1; i += 1) {
    const [from, to] = [cuts[i], cuts[i + 1]];
    if (to <= from) continue;
    const covering = ranges.filter((r) => r.start <= from && r.end >= to).map((r) => r.h);
    const previous = segments.at(-1);
    // Neighbours covered by the same highlights merge back into one segment.
    if (previous && sameHighlights(previous.highlights, covering)) previous.text += text.slice(from, to);
    else segments.push({ text: text.slice(from, to), highlights: covering });
  }
  return segments;
}

function sameHighlights(a: readonly TextHighlight[], b: readonly TextHighlight[]): boolean {
  return a.length === b.length && a.every((h, i) => h.id === b[i].id);
}

/** The text highlights of a message, if any (tool-call and tool-result ones are drawn elsewhere). */
export function hasTextHighlights(highlights: readonly TextHighlight[] | undefined): boolean {
  return highlightsIn(highlights, { part: "content" }).length > 0;
}

/**
 * A message's text highlights that count in one part: its text, its reasoning, or one string of a
 * tool call's arguments (`toolCallId` and `argumentPath`).
 */
export function highlightsIn(
  highlights: readonly TextHighlight[] | undefined,
  where: { part: "content" | "reasoning" } | { part: "argument"; toolCallId: string; argumentPath: string },
): TextHighlight[] {
  return (highlights ?? []).filter((h) => {
    if (h.kind !== "text" || (h.part ?? "content") !== where.part) return false;
    return (
      where.part !== "argument" ||
      (h.toolCallId === where.toolCallId && h.argumentPath === where.argumentPath)
    );
  });
}

/**
 * Where an excerpt sits in a tool call's pretty-printed arguments: as written, or JSON-escaped (an
 * argument with newlines or quotes is printed escaped). Null when it is not there.
 */
export function findExcerpt(args: string, excerpt: string): { start: number; end: number } | null {
  if (!excerpt) return null;
  const plain = args.indexOf(excerpt);
  if (plain >= 0) return { start: plain, end: plain + excerpt.length };
  const escaped = JSON.stringify(excerpt).slice(1, -1);
  const at = args.indexOf(escaped);
  return at >= 0 ? { start: at, end: at + escaped.length } : null;
}
