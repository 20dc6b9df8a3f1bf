import { open, stat } from "node:fs/promises";
import type { FormatSample, ImportLimits, ImportSource } from "@/lib/imports/types";
import { formatBytes } from "./read-lines";
import { scanTopLevel } from "./scan-top-level";
import { viewHead } from "./sniff";

/** What detectors see of a file: its first 64 KiB. */
export const HEAD_BYTES = 64 * 1024;

/** A whole file cannot be imported (missing, unreadable, too large, not the format asked for). */
export class ImportFileError extends Error {
  readonly file: string;

  constructor(file: string, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "ImportFileError";
    this.file = file;
  }
}

/** Reads up to `bytes` from the start of the file (fewer when the file is shorter). */
export async function readFileHead(path: string, bytes: number = HEAD_BYTES): Promise<Buffer> {
  const handle = await openForReading(path);
  try {
    const buffer = Buffer.alloc(bytes);
    let filled = 0;
    while (filled < bytes) {
      const { bytesRead } = await handle.read(buffer, filled, bytes - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/**
 * The detector input for a source: its display name and first 64 KiB; when the head holds no
 * complete record of a JSON object (one document, or a first line longer than the head), also the
 * object's top-level keys and short values, scanned streaming to where it closes.
 */
export async function readFormatSample(source: ImportSource): Promise<FormatSample> {
  const head = await readFileHead(source.path);
  const view = viewHead(head);
  if (view.opening !== "{" || view.records.length > 0 || head.length < HEAD_BYTES) {
    return { name: source.name, head };
  }
  const { keys, values } = await scanTopLevel(source.path);
  return { name: source.name, head, topLevel: { keys, values } };
}

/** Returns the file size in bytes; throws `ImportFileError` when it is missing, not a file or over the limit. */
export async function checkFileSize(
  path: string,
  limits: Pick<ImportLimits, "maxFileBytes">,
): Promise<number> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new ImportFileError(path, `${path} is not a regular file`);
    size = info.size;
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(path, `cannot read ${path}: ${describeFsError(error)}`, { cause: error });
  }
  if (size > limits.maxFileBytes) {
    throw new ImportFileError(
      path,
      `file is ${formatBytes(size)}, over the ${formatBytes(limits.maxFileBytes)} import limit`,
    );
  }
  return size;
}

async function openForReading(path: string) {
  try {
    return await open(path, "r");
  } catch (error) {
    throw new ImportFileError(path, `cannot read ${path}: ${describeFsError(error)}`, { cause: error });
  }
}

function describeFsError(error: unknown): string {
  if (error instanceof Error && "code" in error) {
    const code = String(error.code);
    if (code === "ENOENT") return "no such file";
    if (code === "EACCES" || code === "EPERM") return "permission denied";
    if (code === "EISDIR") return "is a directory";
    return code;
  }
  return error instanceof Error ? error.message : String(error);
}
