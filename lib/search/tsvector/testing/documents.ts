import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { seededRandom } from "@/lib/testing/seeded-random";

// Documents for the differential test of the tsvector twin: the real transcript test data, agentic
// text (code, shell, JSON tool calls, traces, markdown, diffs) and seeded random strings.

/** A message's searchable columns; `toolCalls` goes to the database as jsonb. */
export type TestMessage = { text: string | null; reasoning: string | null; toolCalls: unknown };

const TEST_DATA = fileURLToPath(new URL("../../../../test-data", import.meta.url));

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** Every string of the corpus and sample files (JSON and JSONL parsed), and every object as tool calls. */
export function corpusMessages(): TestMessage[] {
  const messages: TestMessage[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === "string") messages.push({ text: value, reasoning: null, toolCalls: null });
    else if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (value && typeof value === "object") {
      const json = JSON.stringify(value);
      if (depth > 0 && json.length < 4_000) messages.push({ text: null, reasoning: null, toolCalls: value });
      for (const item of Object.values(value)) visit(item, depth + 1);
    }
  };
  for (const path of listFiles(TEST_DATA)) {
    const content = readFileSync(path, "utf8");
    const values = parseJsonValues(content);
    if (values) for (const value of values) visit(value, 0);
    else
      for (let at = 0; at < content.length; at += 4000)
        messages.push({ text: content.slice(at, at + 4000), reasoning: null, toolCalls: null });
  }
  // jsonb cannot hold \u0000; Postgres text cannot hold NUL either.
  return messages.filter((m) => !JSON.stringify(m).includes("\\u0000"));
}

function parseJsonValues(content: string): unknown[] | null {
  try {
    return [JSON.parse(content)];
  } catch {
    const lines = content.split("\n").filter((line) => line.trim());
    try {
      return lines.map((line) => JSON.parse(line));
    } catch {
      return null;
    }
  }
}

const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";
/** Weighted toward what the parser treats specially: hyphens, signs, tags, entities, exponents. */
const RANDOM_ALPHABET = `${LETTERS}${DIGITS}${PUNCTUATION}   \n\t--<<>>&&;;##~~ee+"'!?xXDd:1`;
/** Non-ASCII the twin handles (punctuation, symbols, emoji) and some it refuses (letters, NBSP, ZWJ). */
const NON_ASCII_ALPHABET = "’‘“”—–…•→✓✔✗✅❌⚠°©™€§·×±≤≥∞➜▶■●★│─└├═😀é\u00a0\u200d";

/** Random strings over letters, digits, all ASCII punctuation and whitespace (and some non-ASCII). */
export function randomTexts(seed: number, count: number, { nonAscii = false } = {}): string[] {
  const random = seededRandom(seed);
  const alphabet = [...RANDOM_ALPHABET, ...(nonAscii ? [...NON_ASCII_ALPHABET, ...NON_ASCII_ALPHABET] : [])];
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(random() ** 2 * 120);
    let s = "";
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(random() * alphabet.length)];
    return s;
  });
}
