import type { FormatSample } from "@/lib/imports/types";
import { parseJson } from "./parse-json";

/** What a detector can tell from a file head: its text and the complete JSON records inside it. */
export type HeadView = {
  /** The head decoded as UTF-8 (BOM removed); may end mid-record. */
  text: string;
  /** The first non-blank character: `{`, `[`, or something else ("" when blank). */
  opening: string;
  /** Whether the whole head parsed as one JSON value (the file fits in the head). */
  isWholeDocument: boolean;
  /** Complete records seen: the whole document's value, or its array elements, or complete JSONL lines. */
  records: unknown[];
};

const SNIFF_LIMITS = { maxJsonDepth: 10_000 };
const MAX_SNIFF_RECORDS = 20;

// Every detector views the same head; parse it once per buffer.
const VIEWS = new WeakMap<Buffer, HeadView>();

/** Decodes a head and pulls out the complete JSON records it contains (never throws; cached per buffer). */
export function viewHead(head: Buffer): HeadView {
  const cached = VIEWS.get(head);
  if (cached) return cached;
  const view = buildView(head);
  VIEWS.set(head, view);
  return view;
}

function buildView(head: Buffer): HeadView {
  const text = head.toString("utf8").replace(/^\uFEFF/, "");
  const first = text.search(/\S/);
  const opening = first === -1 ? "" : text[first];
  const whole = tryParse(text);
  if (whole.ok) {
    const records = Array.isArray(whole.value) ? whole.value.slice(0, MAX_SNIFF_RECORDS) : [whole.value];
    return { text, opening, isWholeDocument: true, records };
  }
  const records = opening === "[" ? readHeadElements(text, first) : readHeadLines(text);
  return { text, opening, isWholeDocument: false, records };
}

/**
 * The keys of the first record's top level that appear in the head, in order, even when the
 * record is cut off (the first object of the text, or of a top-level array's first element).
 */
export function readTopLevelKeys(text: string): string[] {
  const keys: string[] = [];
  const start = text.search(/\S/);
  if (start === -1) return keys;
  const targetDepth = text[start] === "[" ? 2 : 1;
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') {
      const end = findStringEnd(text, i);
      if (end === -1) break;
      if (depth === targetDepth && /^\s*:/.test(text.slice(end + 1, end + 20))) {
        try {
          keys.push(JSON.parse(text.slice(i, end + 1)));
        } catch {
          // An invalid escape in a key: skip it.
        }
      }
      i = end;
    } else if (char === "{" || char === "[") depth += 1;
    else if (char === "}" || char === "]") {
      depth -= 1;
      if (depth < targetDepth) break;
    }
  }
  return keys;
}

/** Index of the closing quote of the string opening at `start`, or -1 when the text ends first. */
function findStringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i += 1) {
    const char = text[i];
    if (char === "\\") i += 1;
    else if (char === '"') return i;
  }
  return -1;
}

/** The top-level keys of a sample's first record: all of them when it was scanned streaming, else those in the head. */
export function readSampleKeys(sample: FormatSample, view: HeadView = viewHead(sample.head)): string[] {
  return sample.topLevel?.keys ?? readTopLevelKeys(view.text);
}

/** A top-level string value of the sample's document: from the streaming scan, else from the head. */
export function readSampleString(sample: FormatSample, key: string): string | undefined {
  const value = sample.topLevel?.values[key];
  if (typeof value === "string") return value;
  return findJsonString(viewHead(sample.head).text, key);
}

/** True when the head mentions `"key":` anywhere (works on truncated documents). */
export function hasJsonKey(text: string, key: string): boolean {
  return text.includes(`"${key}"`) && new RegExp(`"${escapeRegExp(key)}"\\s*:`).test(text);
}

/** The string value of the first `"key": "value"` in the head, if any. */
export function findJsonString(text: string, key: string): string | undefined {
  const match = new RegExp(`"${escapeRegExp(key)}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(text);
  return match?.[1];
}

function readHeadLines(text: string): unknown[] {
  const lines = text.split("\n");
  lines.pop(); // The last line may be cut off.
  const records: unknown[] = [];
  for (const line of lines) {
    if (line.trim() === "") continue;
    const parsed = tryParse(line);
    if (!parsed.ok) break;
    records.push(parsed.value);
    if (records.length >= MAX_SNIFF_RECORDS) break;
  }
  return records;
}

/** Complete elements at the start of a truncated top-level array. */
function readHeadElements(text: string, open: number): unknown[] {
  const records: unknown[] = [];
  let depth = 0;
  let isInString = false;
  let start = open + 1;
  for (let i = start; i < text.length && records.length < MAX_SNIFF_RECORDS; i += 1) {
    const char = text[i];
    if (isInString) {
      if (char === "\\") i += 1;
      else if (char === '"') isInString = false;
    } else if (char === '"') isInString = true;
    else if (char === "{" || char === "[") depth += 1;
    else if (char === "}" || (char === "]" && depth > 0)) depth -= 1;
    else if (depth === 0 && (char === "," || char === "]")) {
      const parsed = tryParse(text.slice(start, i));
      if (!parsed.ok) break;
      records.push(parsed.value);
      start = i + 1;
      if (char === "]") break;
    }
  }
  return records;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: false };
  try {
    return { ok: true, value: parseJson(text, SNIFF_LIMITS) };
  } catch {
    return { ok: false };
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
