// Case- and whitespace-insensitive search that still reports offsets in the original text.

export type MappedText = {
  /** Lowercased, typographic punctuation unified, `*` and backticks dropped, whitespace runs → " ". */
  text: string;
  /** Original start offset of each normalized character. */
  starts: number[];
  /** Original end offset (exclusive) of each normalized character. */
  ends: number[];
};

const UNIFIED: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u02bc": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
};
const WHITESPACE_RE = /\s/u;

export function mapText(source: string): MappedText {
  // Hot path for long resources: build arrays, join once, no per-character regex for ASCII.
  const out: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  let pendingSpace = -1;
  for (const ch of source) {
    const from = at;
    at += ch.length;
    const code = ch.charCodeAt(0);
    if (code === 42 || code === 96) continue; // * and `
    const isSpace = code < 128 ? code === 32 || (code >= 9 && code <= 13) : WHITESPACE_RE.test(ch);
    if (isSpace) {
      if (out.length > 0 && pendingSpace === -1) pendingSpace = from;
      continue;
    }
    if (pendingSpace !== -1) {
      out.push(" ");
      starts.push(pendingSpace);
      ends.push(pendingSpace + 1);
      pendingSpace = -1;
    }
    const lower =
      code >= 65 && code <= 90
        ? String.fromCharCode(code + 32)
        : code < 128
          ? ch
          : (UNIFIED[ch] ?? ch).toLowerCase();
    for (const c of lower) {
      out.push(c);
      starts.push(from);
      ends.push(at);
    }
  }
  return { text: out.join(""), starts, ends };
}

/** The same normalization for a needle (no offsets needed). */
export function normalizeNeedle(needle: string): string {
  return mapText(needle).text.trim();
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A match must not start or end inside a word or number ("0.42" is not in "10.425"). */
function isWholeMatch(hay: string, start: number, end: number): boolean {
  const first = hay[start];
  const last = hay[end - 1];
  const before = hay[start - 1] ?? "";
  const after = hay[end] ?? "";
  if (WORD_CHAR.test(first) && WORD_CHAR.test(before)) return false;
  if (WORD_CHAR.test(last) && WORD_CHAR.test(after)) return false;
  if (/\d/.test(first) && /[.,]/.test(before) && /\d/.test(hay[start - 2] ?? "")) return false;
  if (/\d/.test(last) && /[.,]/.test(after) && /\d/.test(hay[end + 1] ?? "")) return false;
  return true;
}

/** Every whole-word occurrence of `needle` (already normalized) as original-text spans. */
export function findAll(mapped: MappedText, needle: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  if (needle === "") return spans;
  let from = 0;
  for (;;) {
    const at = mapped.text.indexOf(needle, from);
    if (at === -1) return spans;
    const end = at + needle.length;
    if (isWholeMatch(mapped.text, at, end)) spans.push(toOriginal(mapped, at, end));
    from = at + 1;
  }
}

/** Original-text span of the normalized range [start, end). */
export function toOriginal(mapped: MappedText, start: number, end: number): { start: number; end: number } {
  return { start: mapped.starts[start], end: mapped.ends[end - 1] };
}
