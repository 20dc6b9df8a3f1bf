import { GENERIC_WORDS, STOPWORDS } from "./word-lists";

/** Straight quotes and hyphens for typographic ones, so "don’t" and "don't" compare equal. */
export function unifyPunctuation(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, "-")
    .replace(/\u00a0/g, " ");
}

/** Markdown markup removed, content kept: links become their text, emphasis and code marks vanish. */
export function stripMarkdown(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*`]+/g, "")
    .replace(/(^|[^\w])_+|_+(?=[^\w]|$)/g, "$1")
    .replace(/^\s*(?:#{1,6}\s+|>\s*|[-+]\s+|\d{1,3}[.)]\s+|\[[ xX]\]\s+)+/, "");
}

/** The form requirement ids hash and text links compare: no markup, case, spacing or end punctuation. */
export function normalizeSentence(text: string): string {
  return stripMarkdown(unifyPunctuation(text))
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\s.!?;:,]+$/, "");
}

/** cyrb53: a fast 53-bit string hash that runs the same in Node and the browser. */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A light suffix stemmer: enough for "estimates"/"estimated"/"estimating" to meet. */
export function stemWord(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, "");
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

const NUMBER_RE = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;

/** Numbers in the text, thousands separators dropped ("1,000" → "1000"). */
export function listNumbers(text: string): string[] {
  return [...text.matchAll(NUMBER_RE)].map((m) => m[0].replace(/,/g, ""));
}

/** Text inside double quotes, backticks or clearly delimited single quotes, lowercased. */
export function listQuotedTerms(text: string): string[] {
  const unified = unifyPunctuation(text);
  const patterns = [
    /"([^"\n]{2,80})"/g,
    /`([^`\n]{2,80})`/g,
    /(?:^|[\s(])'([^'\n]{2,60})'(?=[\s.,;:!?)]|$)/g,
  ];
  const terms = patterns.flatMap((re) => [...unified.matchAll(re)].map((m) => m[1].trim().toLowerCase()));
  return [...new Set(terms)].filter((t) => t.length >= 2);
}

/** Lowercase word tokens (letters, digits, inner apostrophes), markdown removed. */
export function tokenizeWords(text: string): string[] {
  return (
    unifyPunctuation(text)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? []
  );
}

export type ContentTerms = {
  /** Stemmed words that carry topic: no stopwords, no instruction/grading speech, no bare numbers. */
  words: Set<string>;
  /** Numbers that identify something: two or more digits, or a decimal. */
  keyNumbers: Set<string>;
  quoted: Set<string>;
};

/** What two texts must share to be "about the same thing". */
export function listContentTerms(text: string): ContentTerms {
  const words = new Set<string>();
  for (const token of tokenizeWords(text.replace(NUMBER_RE, " "))) {
    if (STOPWORDS.has(token) || GENERIC_WORDS.has(token) || token.length < 2) continue;
    words.add(stemWord(token));
  }
  const keyNumbers = new Set(
    listNumbers(text).filter((n) => n.replace(".", "").length >= 2 || n.includes(".")),
  );
  return { words, keyNumbers, quoted: new Set(listQuotedTerms(text)) };
}

/** A requirement or key quoted in a message: one line, cut to about `max` characters. */
export function quoteForMessage(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
