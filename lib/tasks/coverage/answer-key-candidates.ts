// Pieces of the answer key worth searching for in what the agent sees. Rules (documented):
// - Candidates: the whole key, each line (the value only for "label: value" lines), the parts of a
//   value split at ";" or ", ", and every number in the key; a JSON key gives its leaf values
//   instead of lines (field names are not answers).
// - Distinctive: numbers with ≥ 3 digits or a decimal point (years 1900–2099 excepted); a single
//   word of ≥ 4 letters that is neither a stopword nor a common word; a phrase holding such a word,
//   a distinctive number, or ≥ 3 content words.
// - Anything else ("42", "B", "yes", "2024") is a short key: it leaks only when stated as the
//   answer ("the answer is 42", "Correct option: B"), never on every "42" in a long resource.
// - Questions ("…?") in the key are restatements of the task, not answers, and are skipped.

import { normalizeNeedle } from "./mapped-text";
import { listNumbers, tokenizeWords } from "./text";
import { COMMON_WORDS, STOPWORDS } from "./word-lists";

export type KeyCandidate = {
  /** Normalized as `mapText` normalizes the texts searched. */
  needle: string;
  /** The candidate as written in the key, for messages. */
  display: string;
  isDistinctive: boolean;
  /** A lone code from inside the key ("NFKC"): a leak only where the prompt doesn't use it too. */
  isCode?: boolean;
};

const BULLET_RE = /^\s*(?:[-*+\u2022]|\d{1,3}[.)]|\(?[a-z]\))\s+/i;
const LABELLED_RE = /^([^:=]{1,40}?)\s*(?::|=|->|\u2192)\s+(\S[\s\S]*)$/;
const NUMBER_ONLY_RE = /^[-+]?[$\u20ac\u00a3]?\d[\d,]*(?:\.\d+)?\s?%?$/;
const YEAR_RE = /^(?:19|20)\d\d$/;

function isDistinctiveNumber(text: string): boolean {
  const bare = text.replace(/[^\d.]/g, "");
  if (YEAR_RE.test(bare)) return false;
  return bare.replace(".", "").length >= 3 || bare.includes(".");
}

export function isDistinctive(needle: string): boolean {
  if (NUMBER_ONLY_RE.test(needle)) return isDistinctiveNumber(needle);
  if (needle.length < 4) return false;
  if (listNumbers(needle).some((n) => needle.includes(" ") && isDistinctiveNumber(n))) return true;
  const words = tokenizeWords(needle).filter((w) => !/^\d+$/.test(w));
  const content = words.filter((w) => !STOPWORDS.has(w));
  const distinctive = content.filter(
    (w) => !COMMON_WORDS.has(w) && (w.length >= 4 || (/\d/.test(w) && /\p{L}/u.test(w))),
  );
  if (words.length <= 1) return distinctive.length === 1;
  return distinctive.length >= 1 || content.length >= 3;
}

/** String and number leaves of parsed JSON. */
function listJsonLeaves(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(listJsonLeaves);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(listJsonLeaves);
  return [];
}

function parseJsonLeaves(key: string): string[] {
  if (!/^[[{]/.test(key)) return [];
  try {
    return listJsonLeaves(JSON.parse(key));
  } catch {
    return [];
  }
}

/** "1500" also as "1,500" and the reverse, since texts write numbers both ways. */
function listNumberForms(number: string): string[] {
  const plain = number.replace(/,/g, "");
  const [whole, fraction] = plain.split(".");
  const grouped =
    whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (fraction === undefined ? "" : `.${fraction}`);
  return [...new Set([number, plain, grouped])];
}

/**
 * Codes in the key that identify an answer on their own: acronyms and codes ("NFKC", "DEPLOY-7",
 * "t-044"). Names need a phrase ("the codename Kestrel") to count: a lone capitalised word is too
 * often the vocabulary of the field ("Article").
 */
function listDistinctiveTokens(key: string): string[] {
  const tokens = new Set<string>();
  for (const m of key.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)*/gu)) {
    const token = m[0];
    const at = m.index ?? 0;
    const isSentenceStart = /(?:^|[.!?:\n]\s*)$/.test(key.slice(0, at));
    const lower = token.toLowerCase();
    if (COMMON_WORDS.has(lower) || STOPWORDS.has(lower) || token.length < 3) continue;
    // Row ids ("R02") and three-letter acronyms ("PPO") are the vocabulary of the data and the field.
    const letters = token.replace(/[^\p{L}]/gu, "").length;
    const isCode =
      (/\d/.test(token) && letters >= 2 && !/^\d+(?:st|nd|rd|th|s|k|m|b|x|d)$/i.test(token)) ||
      (/^[\p{Lu}][\p{Lu}\d-]{3,}$/u.test(token) && letters >= 4);
    if (isCode && !isSentenceStart) tokens.add(token);
    else if (isCode && /\d/.test(token)) tokens.add(token);
  }
  return [...tokens];
}

export function listKeyCandidates(answerKey: string): KeyCandidate[] {
  const key = answerKey.trim();
  if (key === "") return [];
  const jsonLeaves = parseJsonLeaves(key);
  const raw: string[] = [key, ...jsonLeaves];
  // JSON lines are syntax ("by_category": {…), so a JSON key contributes its leaves only.
  for (const line of jsonLeaves.length > 0 ? [] : key.split(/\r?\n/)) {
    const unbulleted = line.replace(BULLET_RE, "").trim();
    if (unbulleted === "") continue;
    const value = LABELLED_RE.exec(unbulleted)?.[2]?.trim() ?? unbulleted;
    raw.push(value);
    const parts = value.split(/;\s*|,\s+/).map((p) => p.trim());
    if (parts.length > 1) raw.push(...parts);
  }
  for (const number of listNumbers(key))
    if (isDistinctiveNumber(number)) raw.push(...listNumberForms(number));
  const tokens = listDistinctiveTokens(key);

  const seen = new Map<string, KeyCandidate>();
  for (const text of raw) {
    const needle = normalizeNeedle(text).replace(/[\s.;,:]+$/, "");
    if (needle === "" || needle.endsWith("?") || seen.has(needle)) continue;
    seen.set(needle, { needle, display: text.trim(), isDistinctive: isDistinctive(needle) });
  }
  for (const token of tokens) {
    const needle = normalizeNeedle(token);
    if (!seen.has(needle)) seen.set(needle, { needle, display: token, isDistinctive: true, isCode: true });
  }
  return [...seen.values()].sort((a, b) => b.needle.length - a.needle.length);
}
