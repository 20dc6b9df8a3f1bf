import { createReadStream } from "node:fs";
import type { ImportLimits } from "@/lib/imports/types";
import { formatBytes } from "./read-lines";

/** The raw text of one element of a top-level JSON array (1-based `index` and start `line`), or a problem. */
export type ArrayElement =
  | { kind: "element"; index: number; line: number; text: string }
  | { kind: "error"; index?: number; line: number; message: string };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const NEWLINE = 0x0a;

type Phase = "before-array" | "before-element" | "in-element" | "done";

/**
 * Streams the elements of a file whose top level is a JSON array, holding one element at a time
 * (≤ `maxRecordBytes`), so a large array of records never sits whole in memory. Elements are split
 * on bytes (all JSON structure is ASCII, so UTF-8 text inside strings cannot confuse it) and returned
 * as text for `parseJson`. An over-long element yields an error and is skipped; a truncated file
 * yields the complete elements and then an error for the unfinished one.
 */
export async function* splitJsonArray(
  path: string,
  options: Pick<ImportLimits, "maxRecordBytes"> & { chunkBytes?: number },
): AsyncGenerator<ArrayElement> {
  const { maxRecordBytes, chunkBytes = 1024 * 1024 } = options;
  const decoder = new TextDecoder("utf-8");
  let phase = "before-array" as Phase;
  let line = 1;
  let index = 0;
  let elementLine = 1;
  let depth = 0;
  let isInString = false;
  let isEscaped = false;
  let pieces: Buffer[] = [];
  let pieceBytes = 0;
  let isOversized = false;
  let hasBom = false;

  const keep = (chunk: Buffer, from: number, to: number) => {
    if (isOversized || to <= from) return;
    if (pieceBytes + (to - from) > maxRecordBytes) {
      isOversized = true;
      pieces = [];
      pieceBytes = 0;
      return;
    }
    pieces.push(Buffer.from(chunk.subarray(from, to)));
    pieceBytes += to - from;
  };

  const takeElement = (): ArrayElement => {
    const item: ArrayElement = isOversized
      ? {
          kind: "error",
          index,
          line: elementLine,
          message: `array element is longer than the ${formatBytes(maxRecordBytes)} record limit; skipped`,
        }
      : {
          kind: "element",
          index,
          line: elementLine,
          text: decoder.decode(Buffer.concat(pieces, pieceBytes)),
        };
    pieces = [];
    pieceBytes = 0;
    isOversized = false;
    return item;
  };

  for await (const chunk of createReadStream(path, { highWaterMark: chunkBytes }) as AsyncIterable<Buffer>) {
    let start = 0;
    if (!hasBom && phase === "before-array" && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
      hasBom = true;
      start = 3;
    }
    let elementStart = phase === "in-element" ? start : -1;
    for (let i = start; i < chunk.length; i += 1) {
      const byte = chunk[i];
      if (byte === NEWLINE) line += 1;
      if (phase === "in-element") {
        if (isInString) {
          if (isEscaped) isEscaped = false;
          else if (byte === BACKSLASH) isEscaped = true;
          else if (byte === QUOTE) isInString = false;
          continue;
        }
        if (byte === QUOTE) isInString = true;
        else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth += 1;
        else if (depth > 0 && (byte === CLOSE_BRACE || byte === CLOSE_BRACKET)) depth -= 1;
        else if (depth === 0 && (byte === COMMA || byte === CLOSE_BRACKET)) {
          keep(chunk, elementStart, i);
          elementStart = -1;
          yield takeElement();
          phase = byte === COMMA ? "before-element" : "done";
        }
        continue;
      }
      if (isJsonWhitespace(byte)) continue;
      if (phase === "before-array") {
        if (byte !== OPEN_BRACKET) {
          yield { kind: "error", line, message: "expected a JSON array ('[') at the start of the file" };
          return;
        }
        phase = "before-element";
      } else if (phase === "before-element" && byte === CLOSE_BRACKET) {
        phase = "done"; // An empty array, or a trailing comma (tolerated).
      } else if (phase === "before-element") {
        index += 1;
        elementLine = line;
        phase = "in-element";
        elementStart = i;
        i -= 1; // Re-read this byte inside the element (it may open a string or a nested value).
      } else if (phase === "done") {
        yield { kind: "error", line, message: "unexpected content after the end of the top-level array" };
        return;
      }
    }
    if (phase === "in-element" && elementStart !== -1) keep(chunk, elementStart, chunk.length);
  }
  if (phase === "in-element") {
    const partial = takeElement();
    yield {
      kind: "error",
      index: partial.index,
      line: partial.line,
      message: "the file ends inside this array element (truncated JSON); element skipped",
    };
  } else if (phase !== "done") {
    yield {
      kind: "error",
      line,
      message: "the file ends before the top-level array is closed (truncated JSON)",
    };
  }
}

function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
