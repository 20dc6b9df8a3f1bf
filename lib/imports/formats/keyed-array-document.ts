import { createReadStream } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { ImportRecordError, parseJson } from "@/lib/imports/read/parse-json";
import { ImportFileError } from "@/lib/imports/read/read-file-head";
import { formatBytes } from "@/lib/imports/read/read-lines";
import type { ImportLimits } from "@/lib/imports/types";
import { readAt } from "@/lib/imports/zip/zip-directory";

// A JSON object whose bulk is one top-level array (Inspect `.json` logs: `samples`; Karotte
// transcripts: `events`) can be hundreds of MB. Pass 1 scans the bytes once and records where each
// element of that array starts and ends (the rest of the document is "the header"); pass 2 reads
// one element at a time by position. Memory: one read chunk while scanning, then the header plus
// the largest element, never the whole file.

/** Byte range of one element inside the file; `index` and `line` are 1-based. */
type ElementSpan = { index: number; line: number; start: number; end: number };

type DocumentLayout = {
  elements: ElementSpan[];
  /** Byte range of the array value (from `[` to past `]`), when the document has one. */
  arrayRange: { start: number; end: number } | null;
  /** Where the file ends inside the array or the document: the problem, else null. */
  truncation: string | null;
};

export type KeyedArrayItem =
  | { kind: "header"; value: unknown }
  | { kind: "element"; index: number; line: number; value: unknown }
  | { kind: "error"; index?: number; line?: number; message: string };

export type KeyedArrayOptions = {
  /** The root-level key of the array to stream (`samples`, `events`). */
  key: string;
  /** What one element is called in messages ("sample", "event"). */
  noun: string;
  limits: ImportLimits;
  chunkBytes?: number;
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const MAX_KEY_BYTES = 64;

/**
 * Reads a JSON object: first the header (everything but the array under `key`), then each element
 * of that array. Throws `ImportFileError` when the file is not a JSON object or its header is unusable.
 */
export async function* readKeyedArrayDocument(
  path: string,
  options: KeyedArrayOptions,
): AsyncGenerator<KeyedArrayItem> {
  const { key, noun, limits } = options;
  const layout = await scanLayout({ path, key, noun, chunkBytes: options.chunkBytes ?? 1024 * 1024 });
  const handle = await open(path, "r");
  try {
    yield { kind: "header", value: await readHeader(handle, path, layout, limits) };
    // Elements sit two levels down (root object, then the array).
    const elementLimits = { maxJsonDepth: Math.max(1, limits.maxJsonDepth - 2) };
    for (const span of layout.elements) {
      const bytes = span.end - span.start;
      if (bytes > limits.maxRecordBytes) {
        const message = `${noun} ${span.index} is ${formatBytes(bytes)}, over the ${formatBytes(limits.maxRecordBytes)} record limit; skipped`;
        yield { kind: "error", index: span.index, line: span.line, message };
        continue;
      }
      const text = (await readAt(handle, span.start, bytes)).toString("utf8");
      try {
        yield { kind: "element", index: span.index, line: span.line, value: parseJson(text, elementLimits) };
      } catch (error) {
        if (!(error instanceof ImportRecordError)) throw error;
        const message = `${noun} ${span.index}: ${error.message}`;
        yield { kind: "error", index: span.index, line: span.line, message };
      }
    }
    if (layout.truncation) yield { kind: "error", message: layout.truncation };
  } finally {
    await handle.close();
  }
}

async function readHeader(
  handle: FileHandle,
  path: string,
  layout: DocumentLayout,
  limits: ImportLimits,
): Promise<unknown> {
  const size = (await handle.stat()).size;
  const range = layout.arrayRange;
  const prefix = range ? range.start : size;
  const suffix = range ? size - range.end : 0;
  if (prefix + suffix > limits.maxRecordBytes) {
    throw new ImportFileError(
      path,
      `the document outside its main list is ${formatBytes(prefix + suffix)}, over the ${formatBytes(limits.maxRecordBytes)} record limit`,
    );
  }
  const head = (await readAt(handle, 0, prefix)).toString("utf8");
  const tail = range ? (await readAt(handle, range.end, suffix)).toString("utf8") : "";
  const attempts = range ? [`${head}null${tail}`, `${head}null}`] : [head];
  let firstError: unknown = null;
  for (const text of attempts) {
    try {
      return parseJson(text, limits);
    } catch (error) {
      if (!(error instanceof ImportRecordError)) throw error;
      firstError ??= error;
    }
  }
  const reason = firstError instanceof Error ? firstError.message : "unreadable";
  throw new ImportFileError(path, `the file cannot be read as JSON: ${reason}`, { cause: firstError });
}

/** Pass 1: one streaming scan over the bytes, tracking strings and nesting (all JSON structure is ASCII). */
async function scanLayout(args: {
  path: string;
  key: string;
  noun: string;
  chunkBytes: number;
}): Promise<DocumentLayout> {
  const { path, key, noun, chunkBytes } = args;
  const elements: ElementSpan[] = [];
  let arrayRange: { start: number; end: number } | null = null;
  let offset = 0;
  let line = 1;
  let depth = 0;
  let isInString = false;
  let isEscaped = false;
  let isSeenRoot = false;
  // Root-level key tracking (depth 1): the key being read, the last complete key, and what comes next.
  let isKeyString = false;
  let keyBytes: number[] = [];
  let lastKey: string | null = null;
  let isExpectingKey = false;
  let isValuePending = false;
  // Array state: depth 2 is "directly inside the array".
  let isInArray = false;
  let current: ElementSpan | null = null;

  for await (const chunk of createReadStream(path, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) {
    // Most bytes are string contents: jump to the next quote or backslash (positions cached per chunk).
    let nextQuote = -1;
    let nextBackslash = -1;
    for (let i = 0; i < chunk.length; i += 1) {
      if (isInString && !isEscaped && !isKeyString) {
        if (nextQuote < i) nextQuote = findOrEnd(chunk, QUOTE, i);
        if (nextBackslash < i) nextBackslash = findOrEnd(chunk, BACKSLASH, i);
        i = Math.min(nextQuote, nextBackslash);
        if (i >= chunk.length) break;
      }
      const byte = chunk[i];
      const at = offset + i;
      if (byte === NEWLINE) line += 1;
      if (isInString) {
        if (isEscaped) isEscaped = false;
        else if (byte === BACKSLASH) isEscaped = true;
        else if (byte === QUOTE) {
          isInString = false;
          if (isKeyString) {
            isKeyString = false;
            lastKey = Buffer.from(keyBytes).toString("utf8");
          }
        } else if (isKeyString && keyBytes.length < MAX_KEY_BYTES) keyBytes.push(byte);
        continue;
      }
      if (byte <= 0x20) continue; // JSON whitespace (and stray control bytes).
      if (!isSeenRoot) {
        if (byte !== 0x7b)
          throw new ImportFileError(path, "expected a JSON object ('{') at the start of the file");
        isSeenRoot = true;
        depth = 1;
        isExpectingKey = true;
        continue;
      }
      if (depth === 1 && isValuePending) {
        isValuePending = false;
        if (lastKey === key && byte === 0x5b) {
          arrayRange = { start: at, end: -1 };
          isInArray = true;
          depth = 2;
          continue;
        }
      }
      if (isInArray && depth === 2 && current === null && byte !== COMMA && byte !== 0x5d) {
        current = { index: elements.length + 1, line, start: at, end: -1 };
      }
      if (byte === QUOTE) {
        isInString = true;
        if (depth === 1 && isExpectingKey) {
          isKeyString = true;
          isExpectingKey = false;
          keyBytes = [];
        }
        continue;
      }
      if (byte === 0x7b || byte === 0x5b) depth += 1;
      else if (byte === 0x7d || byte === 0x5d) {
        depth -= 1;
        if (isInArray && depth === 1 && arrayRange) {
          // The `]` closing the array; a scalar element ends here too.
          if (current) elements.push({ ...current, end: at });
          current = null;
          arrayRange.end = at + 1;
          isInArray = false;
        } else if (isInArray && depth === 2 && current) {
          elements.push({ ...current, end: at + 1 });
          current = null;
        }
      } else if (byte === COMMA) {
        if (depth === 1) isExpectingKey = true;
        else if (isInArray && depth === 2 && current) {
          elements.push({ ...current, end: at }); // A scalar element (e.g. null): parsing reports it.
          current = null;
        }
      } else if (byte === COLON && depth === 1) isValuePending = true;
    }
    offset += chunk.length;
  }
  if (!isSeenRoot) throw new ImportFileError(path, "the file is empty");
  let truncation: string | null = null;
  if (isInArray && arrayRange) {
    arrayRange.end = offset;
    const where = current ? `${noun} ${current.index}` : `the "${key}" list`;
    truncation = `the file ends inside ${where} (truncated file); the ${elements.length} complete ${noun}s before it were read`;
  } else if (depth > 0) {
    truncation = "the file ends before its JSON object is closed (truncated file)";
  }
  return { elements, arrayRange, truncation };
}

function findOrEnd(chunk: Buffer, byte: number, from: number): number {
  const at = chunk.indexOf(byte, from);
  return at === -1 ? chunk.length : at;
}
