// ts_headline marks matches with two private-use characters (never HTML), which the UI renders as <mark>.

export const MATCH_START = "\uE000";
export const MATCH_END = "\uE001";

export type HighlightSegment = { text: string; isMatch: boolean };

/** Splits a marked snippet into plain and matched segments; unbalanced markers are dropped. */
export function splitHighlights(snippet: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let isMatch = false;
  let current = "";
  const flush = () => {
    if (current) segments.push({ text: current, isMatch });
    current = "";
  };
  for (const char of snippet) {
    if (char === MATCH_START || char === MATCH_END) {
      flush();
      isMatch = char === MATCH_START;
    } else current += char;
  }
  flush();
  return segments;
}
