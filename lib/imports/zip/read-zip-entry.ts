import type { FileHandle } from "node:fs/promises";
import { Inflate } from "fflate";
import { Decompress } from "fzstd";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { formatBytes } from "@/lib/imports/read/read-lines";
import { updateCrc32 } from "./crc32";
import { readAt, type ZipEntry } from "./zip-directory";
import { createZstdFrameGuard } from "./zstd-frame-guard";

export const ZIP_METHOD_STORED = 0;
export const ZIP_METHOD_DEFLATE = 8;
export const ZIP_METHOD_ZSTD = 93;

const LOCAL_SIGNATURE = 0x04034b50;
const READ_BYTES = 1024 * 1024;
// A deflate decoder may emit ~1000x its input in one callback; small pushes keep each burst small.
const DEFLATE_PUSH_BYTES = 16 * 1024;
/** zstd windows beyond this are refused; fzstd supports back-references up to 32 MiB anyway. */
const MAX_ZSTD_WINDOW = 128 * 1024 * 1024;
const MIN_ZSTD_WINDOW = 8 * 1024 * 1024;

export type ReadZipEntryOptions = {
  fileSize: number;
  /** Members declaring more uncompressed bytes are refused (the record limit). */
  maxBytes: number;
  /** Largest declared uncompressed/compressed ratio (zip-bomb guard). */
  maxRatio: number;
};

/**
 * Decompresses one member into memory, holding only its compressed bytes a chunk at a time and its
 * output (≤ the declared size, ≤ `maxBytes`). Refuses members whose declared ratio is over
 * `maxRatio`, stops any member that produces more than it declared, and checks the CRC.
 * Throws `ImportRecordError` naming the member.
 */
export async function readZipEntry(
  handle: FileHandle,
  entry: ZipEntry,
  options: ReadZipEntryOptions,
): Promise<Buffer> {
  const { name } = entry;
  checkDeclaredSizes(entry, options);
  const dataStart = await findDataStart(handle, entry);
  if (dataStart + entry.compressedSize > options.fileSize) {
    throw new ImportRecordError(`zip member ${name} runs past the end of the file (truncated archive)`);
  }
  const output = Buffer.allocUnsafe(entry.uncompressedSize);
  let written = 0;
  let crc = 0;
  const sink = (chunk: Uint8Array) => {
    if (written + chunk.length > entry.uncompressedSize) {
      throw new ImportRecordError(
        `zip member ${name} inflates to more than its declared ${formatBytes(entry.uncompressedSize)}; stopped (zip-bomb guard)`,
      );
    }
    output.set(chunk, written);
    written += chunk.length;
    crc = updateCrc32(crc, chunk);
  };
  const push = createDecoder(entry, sink);
  try {
    for (let offset = 0; offset < entry.compressedSize; offset += READ_BYTES) {
      const length = Math.min(READ_BYTES, entry.compressedSize - offset);
      const chunk = await readAt(handle, dataStart + offset, length);
      push(chunk, offset + length >= entry.compressedSize);
    }
    if (entry.compressedSize === 0) push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof ImportRecordError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImportRecordError(`zip member ${name} cannot be decompressed: ${reason}`, { cause: error });
  }
  if (written !== entry.uncompressedSize) {
    throw new ImportRecordError(
      `zip member ${name} inflates to ${written} bytes but declares ${entry.uncompressedSize} (corrupt archive)`,
    );
  }
  if (crc !== entry.crc32)
    throw new ImportRecordError(`zip member ${name} fails its CRC check (corrupt archive)`);
  return output;
}

function checkDeclaredSizes(entry: ZipEntry, options: ReadZipEntryOptions): void {
  const { name, method, compressedSize, uncompressedSize } = entry;
  if (entry.flags & 1) throw new ImportRecordError(`zip member ${name} is encrypted; cannot import it`);
  if (method !== ZIP_METHOD_STORED && method !== ZIP_METHOD_DEFLATE && method !== ZIP_METHOD_ZSTD) {
    throw new ImportRecordError(
      `zip member ${name} uses compression method ${method}; only stored, deflate and zstd are supported`,
    );
  }
  if (uncompressedSize > options.maxBytes) {
    throw new ImportRecordError(
      `zip member ${name} is ${formatBytes(uncompressedSize)} uncompressed, over the ${formatBytes(options.maxBytes)} record limit`,
    );
  }
  if (method === ZIP_METHOD_STORED && compressedSize !== uncompressedSize) {
    throw new ImportRecordError(`zip member ${name} is stored but its two sizes differ (corrupt archive)`);
  }
  const ratio =
    compressedSize === 0
      ? uncompressedSize === 0
        ? 1
        : Number.POSITIVE_INFINITY
      : uncompressedSize / compressedSize;
  if (ratio > options.maxRatio) {
    throw new ImportRecordError(
      `zip member ${name} declares ${formatBytes(uncompressedSize)} from ${formatBytes(compressedSize)} ` +
        `(ratio ${Number.isFinite(ratio) ? Math.round(ratio) : "infinite"}:1), over the ${options.maxRatio}:1 limit (zip-bomb guard)`,
    );
  }
}

async function findDataStart(handle: FileHandle, entry: ZipEntry): Promise<number> {
  const header = await readAt(handle, entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    throw new ImportRecordError(
      `zip member ${entry.name} has no local header where the directory says (corrupt archive)`,
    );
  }
  return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}

type Push = (chunk: Uint8Array, isFinal: boolean) => void;

function createDecoder(entry: ZipEntry, sink: (chunk: Uint8Array) => void): Push {
  if (entry.method === ZIP_METHOD_STORED) return (chunk) => sink(chunk);
  if (entry.method === ZIP_METHOD_DEFLATE) {
    const inflate = new Inflate((chunk) => sink(chunk));
    return (chunk, isFinal) => {
      for (let at = 0; at < chunk.length || (isFinal && at === 0); at += DEFLATE_PUSH_BYTES) {
        const piece = chunk.subarray(at, at + DEFLATE_PUSH_BYTES);
        inflate.push(piece, isFinal && at + DEFLATE_PUSH_BYTES >= chunk.length);
        if (chunk.length === 0) break;
      }
    };
  }
  const guard = createZstdFrameGuard({
    member: entry.name,
    maxContentBytes: entry.uncompressedSize,
    maxWindowBytes: Math.min(MAX_ZSTD_WINDOW, Math.max(MIN_ZSTD_WINDOW, entry.uncompressedSize)),
  });
  const decompress = new Decompress((chunk) => sink(chunk));
  return (chunk, isFinal) => {
    guard.check(chunk);
    decompress.push(chunk, isFinal);
  };
}
