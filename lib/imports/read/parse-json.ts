import type { ImportLimits } from "@/lib/imports/types";
import { locateJsonError } from "./locate-json-error";

/** A record that cannot be imported: malformed JSON, too deep, too large. The import continues. */
export class ImportRecordError extends Error {
  /** 0-based character offset in the record text, when known. */
  readonly position: number | null;

  constructor(message: string, options: { position?: number | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "ImportRecordError";
    this.position = options.position ?? null;
  }
}

type Replacement = { at: number; length: number };

type ScanResult = { replacements: Replacement[] };

const NON_FINITE_TOKENS = ["-Infinity", "Infinity", "NaN"] as const;

/**
 * Parses one JSON record. Python's `json.dumps` writes `NaN`, `Infinity` and `-Infinity` for
 * non-finite floats (Inspect logs carry them for unscored metrics); JSON has no such numbers and
 * Postgres `jsonb` rejects them, so they become `null` everywhere (a non-finite score is no score).
 * Nesting deeper than `limits.maxJsonDepth` is refused before parsing, so later recursive walks are safe.
 */
export function parseJson(input: string, limits: Pick<ImportLimits, "maxJsonDepth">): unknown {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const { replacements } = scanJson(text, limits.maxJsonDepth);
  const source = replacements.length === 0 ? text : applyReplacements(text, replacements);
  try {
    return JSON.parse(source);
  } catch (error) {
    throw toRecordError({ error, text, replacements, sanitizedLength: source.length });
  }
}

/** One pass outside strings: enforce depth, find bare non-finite tokens. Strings are skipped with indexOf. */
function scanJson(text: string, maxDepth: number): ScanResult {
  const replacements: Replacement[] = [];
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x22 /* " */) {
      i = findStringEnd(text, i);
      continue;
    }
    if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      depth += 1;
      if (depth > maxDepth) {
        throw new ImportRecordError(
          `JSON nesting deeper than ${maxDepth} levels ${describePosition(text, i)}`,
          { position: i },
        );
      }
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth -= 1;
    } else if (code === 0x4e /* N */ || code === 0x49 /* I */ || code === 0x2d /* - */) {
      const token = NON_FINITE_TOKENS.find((candidate) => text.startsWith(candidate, i));
      if (token) {
        replacements.push({ at: i, length: token.length });
        i += token.length;
        continue;
      }
    }
    i += 1;
  }
  return { replacements };
}

/** Index just past the closing quote of the string opening at `start` (text length when unterminated). */
function findStringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote !== -1) {
    let backslashes = 0;
    for (let k = quote - 1; k > start && text.charCodeAt(k) === 0x5c; k -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

function applyReplacements(text: string, replacements: Replacement[]): string {
  const pieces: string[] = [];
  let last = 0;
  for (const { at, length } of replacements) {
    pieces.push(text.slice(last, at), "null");
    last = at + length;
  }
  pieces.push(text.slice(last));
  return pieces.join("");
}

/** Maps an offset in the sanitized text back to the original (each replacement changed the length). */
function mapToOriginal(position: number, replacements: Replacement[]): number {
  let shift = 0;
  for (const { at, length } of replacements) {
    const sanitizedAt = at - shift;
    if (sanitizedAt >= position) break;
    shift += length - 4;
  }
  return position + shift;
}

function toRecordError(args: {
  error: unknown;
  text: string;
  replacements: Replacement[];
  sanitizedLength: number;
}): ImportRecordError {
  const { error, text, replacements, sanitizedLength } = args;
  const raw = error instanceof Error ? error.message : String(error);
  if (text.trim() === "") return new ImportRecordError("empty record: expected JSON, found nothing");
  const match = /position (\d+)/.exec(raw);
  let position: number | null = null;
  let isEnd = /end of JSON input/.test(raw);
  if (match) {
    const sanitizedPosition = Number(match[1]);
    isEnd = sanitizedPosition >= sanitizedLength;
    position = mapToOriginal(sanitizedPosition, replacements);
  } else {
    const located = locateJsonError(text);
    position = located === -1 ? null : located;
    isEnd ||= located === text.length;
  }
  const reason = isEnd ? "unexpected end of JSON (the record looks truncated)" : cleanReason(raw);
  const where = position === null ? "" : ` ${describePosition(text, position)}`;
  return new ImportRecordError(`malformed JSON: ${reason}${where}`, { position, cause: error });
}

/** V8 messages quote a slice of the input and the position; we report both in our own form. */
function cleanReason(raw: string): string {
  return raw
    .replace(/,\s*".*" is not valid JSON$/s, "")
    .replace(/\s*in JSON at position \d+.*$/s, "")
    .trim();
}

/** "at line L, column C (position P)", 1-based line and column. */
export function describePosition(text: string, position: number): string {
  let line = 1;
  let lineStart = 0;
  for (let nl = text.indexOf("\n"); nl !== -1 && nl < position; nl = text.indexOf("\n", nl + 1)) {
    line += 1;
    lineStart = nl + 1;
  }
  return `at line ${line}, column ${position - lineStart + 1} (position ${position})`;
}
