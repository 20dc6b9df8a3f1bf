import { createReadStream } from "node:fs";
import type { ImportLimits } from "@/lib/imports/types";

/** One line of a text file (1-based `line`), or why that line was skipped. */
export type LineItem =
  | { kind: "line"; line: number; text: string }
  | { kind: "error"; line: number; message: string };

export type ReadLinesOptions = Pick<ImportLimits, "maxRecordBytes"> & {
  /** Yield blank (whitespace-only) lines too; JSONL readers skip them. Default false. */
  includeBlank?: boolean;
  /** Read chunk size; tests use a small one to exercise lines split across chunks. */
  chunkBytes?: number;
};

const NEWLINE = 0x0a;

/**
 * Streams a file line by line with bounded memory: at most one line (≤ `maxRecordBytes`) plus one
 * read chunk is held at a time. A longer line yields an error item for that line, its bytes are
 * dropped as they arrive, and reading continues with the next line. `\r\n` endings and a leading
 * UTF-8 BOM are removed.
 */
export async function* readLines(path: string, options: ReadLinesOptions): AsyncGenerator<LineItem> {
  const { maxRecordBytes, includeBlank = false, chunkBytes = 1024 * 1024 } = options;
  const decoder = new TextDecoder("utf-8");
  const stream = createReadStream(path, { highWaterMark: chunkBytes });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let isOversized = false;
  let line = 1;

  const finishLine = (): LineItem | null => {
    const current = line;
    line += 1;
    if (isOversized) {
      const message = `line is longer than the ${formatBytes(maxRecordBytes)} record limit; skipped`;
      isOversized = false;
      pending = [];
      pendingBytes = 0;
      return { kind: "error", line: current, message };
    }
    const bytes = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    let text = decoder.decode(bytes);
    if (current === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.endsWith("\r")) text = text.slice(0, -1);
    if (!includeBlank && text.trim() === "") return null;
    return { kind: "line", line: current, text };
  };

  const append = (piece: Buffer) => {
    if (isOversized || piece.length === 0) return;
    if (pendingBytes + piece.length > maxRecordBytes) {
      isOversized = true;
      pending = [];
      pendingBytes = 0;
      return;
    }
    pending.push(piece);
    pendingBytes += piece.length;
  };

  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE, start); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      // Copy the slice so a line kept across chunks does not pin the whole read chunk in memory.
      append(Buffer.from(chunk.subarray(start, nl)));
      start = nl + 1;
      const item = finishLine();
      if (item) yield item;
    }
    append(Buffer.from(chunk.subarray(start)));
  }
  if (pendingBytes > 0 || isOversized) {
    const item = finishLine();
    if (item) yield item;
  }
}

/** "64 MiB", "512 KiB", "100 bytes": for limits in messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GiB`;
  if (bytes >= 1024 ** 2) return `${Number((bytes / 1024 ** 2).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}
