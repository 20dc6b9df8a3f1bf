import { readFile } from "node:fs/promises";
import type { ImportLimits } from "@/lib/imports/types";
import { ImportRecordError, parseJson } from "./parse-json";
import { checkFileSize, readFileHead } from "./read-file-head";
import { formatBytes, readLines } from "./read-lines";
import { splitJsonArray } from "./split-json-array";

/**
 * One parsed JSON value of a file, or why a record could not be read. `record` is the 1-based
 * ordinal of the record in the file (JSONL line with content, array element, or 1 for a document);
 * `line` is the 1-based line where it starts.
 */
export type JsonRecordItem =
  | { kind: "record"; record: number; line: number; value: unknown }
  | { kind: "error"; record?: number; line?: number; message: string };

/** How records sit in a file: one per line, elements of a top-level array, or one whole document. */
export type JsonLayout = "jsonl" | "array" | "document";

const JSONL_NAME = /\.(jsonl|ndjson|jsonlines)$/i;

/** The layout of a JSON file from its name and first bytes; null when the head holds no JSON. */
export function detectJsonLayout(name: string, head: Buffer): JsonLayout | null {
  const text = head.toString("utf8").replace(/^\uFEFF/, "");
  const first = text.search(/\S/);
  if (first === -1) return null;
  if (JSONL_NAME.test(name)) return "jsonl";
  if (text[first] === "[") return "array";
  if (text[first] !== "{") return null;
  const newline = text.indexOf("\n", first);
  // No newline in 64 KiB: a single long line, which reads the same as one JSONL record.
  if (newline === -1) return "jsonl";
  try {
    parseJson(text.slice(first, newline), { maxJsonDepth: Number.MAX_SAFE_INTEGER });
    return "jsonl";
  } catch {
    return "document";
  }
}

/**
 * Yields every JSON record of a file with bounded memory for JSONL and top-level arrays (one record
 * at a time); a whole document is read only up to `maxRecordBytes`. Throws `ImportFileError` when
 * the file is missing or over `maxFileBytes`; every other problem is an error item and reading goes on.
 */
export async function* readJsonRecords(
  path: string,
  options: { name: string; limits: ImportLimits; layout?: JsonLayout },
): AsyncGenerator<JsonRecordItem> {
  const { name, limits } = options;
  await checkFileSize(path, limits);
  const layout = options.layout ?? detectJsonLayout(name, await readFileHead(path));
  if (layout === null) {
    yield { kind: "error", message: "the file is empty or does not start with JSON ('{' or '[')" };
    return;
  }
  if (layout === "jsonl") {
    yield* readJsonLines(path, limits);
  } else if (layout === "array") {
    yield* readArrayElements(path, limits);
  } else {
    try {
      yield { kind: "record", record: 1, line: 1, value: await readJsonDocument(path, limits) };
    } catch (error) {
      if (!(error instanceof ImportRecordError)) throw error;
      yield { kind: "error", record: 1, line: 1, message: error.message };
    }
  }
}

async function* readJsonLines(path: string, limits: ImportLimits): AsyncGenerator<JsonRecordItem> {
  let record = 0;
  for await (const item of readLines(path, limits)) {
    record += 1;
    if (item.kind === "error") {
      yield { kind: "error", record, line: item.line, message: item.message };
      continue;
    }
    try {
      yield { kind: "record", record, line: item.line, value: parseJson(item.text, limits) };
    } catch (error) {
      if (!(error instanceof ImportRecordError)) throw error;
      yield { kind: "error", record, line: item.line, message: error.message };
    }
  }
  if (record === 0) yield { kind: "error", message: "the file has no records (it is empty)" };
}

async function* readArrayElements(path: string, limits: ImportLimits): AsyncGenerator<JsonRecordItem> {
  // Elements sit one level below the array itself.
  const elementLimits = { maxJsonDepth: Math.max(0, limits.maxJsonDepth - 1) };
  for await (const item of splitJsonArray(path, limits)) {
    if (item.kind === "error") {
      yield { kind: "error", record: item.index, line: item.line, message: item.message };
      continue;
    }
    try {
      yield {
        kind: "record",
        record: item.index,
        line: item.line,
        value: parseJson(item.text, elementLimits),
      };
    } catch (error) {
      if (!(error instanceof ImportRecordError)) throw error;
      yield { kind: "error", record: item.index, line: item.line, message: error.message };
    }
  }
}

/**
 * Reads and parses a whole JSON file as one value (for formats where one file is one record).
 * Throws `ImportRecordError` when it is larger than `maxBytes` (default `maxRecordBytes`) or malformed.
 */
export async function readJsonDocument(
  path: string,
  limits: Pick<ImportLimits, "maxRecordBytes" | "maxJsonDepth"> & { maxBytes?: number },
): Promise<unknown> {
  const maxBytes = limits.maxBytes ?? limits.maxRecordBytes;
  const size = await checkFileSize(path, { maxFileBytes: Number.POSITIVE_INFINITY });
  if (size > maxBytes) {
    throw new ImportRecordError(
      `the file is ${formatBytes(size)}, over the ${formatBytes(maxBytes)} limit for one record`,
    );
  }
  if (size === 0) throw new ImportRecordError("the file is empty");
  return parseJson(await readFile(path, "utf8"), limits);
}
