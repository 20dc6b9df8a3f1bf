// Finding quoted passages in a document's text: a quote counts only when it really is there, word
// for word, after white space is normalised (runs of spaces, tabs and line breaks become one space).

/** The text with white-space runs collapsed, and for each kept character its offset in the original. */
function normalizeWithOffsets(text: string): { normalized: string; offsets: number[] } {
  let normalized = "";
  const offsets: number[] = [];
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i])) {
      pendingSpace = normalized.length > 0;
      continue;
    }
    if (pendingSpace) {
      normalized += " ";
      offsets.push(i - 1);
      pendingSpace = false;
    }
    normalized += text[i];
    offsets.push(i);
  }
  return { normalized, offsets };
}

export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export type QuoteLocation = { start: number; end: number };

/** Where `quote` stands in `text` (original offsets, end exclusive), or null when it doesn't. */
export function findQuote(text: string, quote: string): QuoteLocation | null {
  const needle = normalizeWhitespace(quote);
  if (!needle) return null;
  const { normalized, offsets } = normalizeWithOffsets(text);
  const at = normalized.indexOf(needle);
  if (at < 0) return null;
  return { start: offsets[at], end: offsets[at + needle.length - 1] + 1 };
}

/** The 1-based page an offset falls on, or null for documents without pages. */
export function pageOf(pageStarts: number[], offset: number): number | null {
  if (pageStarts.length === 0) return null;
  let page = 1;
  for (let i = 0; i < pageStarts.length; i++) if (pageStarts[i] <= offset) page = i + 1;
  return page;
}

/** Paragraphs of a text with their offsets (blank lines separate them; edges trimmed). */
export function splitParagraphs(text: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  const separator = /\n[ \t]*\n\s*/g;
  let from = 0;
  const push = (end: number) => {
    const raw = text.slice(from, end);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (body) out.push({ text: body, start: from + lead });
  };
  for (let m = separator.exec(text); m; m = separator.exec(text)) {
    push(m.index);
    from = m.index + m[0].length;
  }
  push(text.length);
  return out;
}

/** Sentences of a paragraph (a simple splitter: end punctuation followed by a space and a capital). */
export function splitSentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}
