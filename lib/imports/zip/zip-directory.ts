import type { FileHandle } from "node:fs/promises";
import { ImportFileError } from "@/lib/imports/read/read-file-head";

/** One member as the central directory describes it (sizes are the declared ones). */
export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflate, 93 zstd; others are refused when read. */
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
/** A central-directory record is 46 bytes plus name, extra field and comment; real ones stay far below this. */
const MAX_AVERAGE_RECORD_BYTES = 4096;

type DirectoryLocation = { entries: number; offset: number; size: number };

/**
 * Reads a zip archive's central directory (with ZIP64 support) and returns its members in order.
 * Refuses archives with more than `maxZipEntries` members before reading the directory itself.
 */
export async function readZipDirectory(
  handle: FileHandle,
  options: { file: string; fileSize: number; maxZipEntries: number },
): Promise<ZipEntry[]> {
  const { file, fileSize, maxZipEntries } = options;
  const location = await findDirectory(handle, file, fileSize);
  if (location.entries > maxZipEntries) {
    throw new ImportFileError(
      file,
      `the zip archive has ${location.entries} members, over the ${maxZipEntries} member limit`,
    );
  }
  if (location.offset + location.size > fileSize) {
    throw new ImportFileError(
      file,
      "the zip central directory lies past the end of the file (truncated archive)",
    );
  }
  if (location.size > Math.max(1024 * 1024, location.entries * MAX_AVERAGE_RECORD_BYTES)) {
    throw new ImportFileError(
      file,
      "the zip central directory is implausibly large for its member count (corrupt)",
    );
  }
  const directory = await readAt(handle, location.offset, location.size);
  return parseDirectory(directory, { file, maxZipEntries });
}

async function findDirectory(handle: FileHandle, file: string, fileSize: number): Promise<DirectoryLocation> {
  if (fileSize < EOCD_BYTES) throw new ImportFileError(file, "the file is too short to be a zip archive");
  const tailBytes = Math.min(fileSize, EOCD_BYTES + MAX_COMMENT_BYTES + 20);
  const tailStart = fileSize - tailBytes;
  const tail = await readAt(handle, tailStart, tailBytes);
  let at = -1;
  for (let i = tail.length - EOCD_BYTES; i >= 0; i -= 1) {
    if (
      tail.readUInt32LE(i) === EOCD_SIGNATURE &&
      i + EOCD_BYTES + tail.readUInt16LE(i + 20) <= tail.length
    ) {
      at = i;
      break;
    }
  }
  if (at === -1) {
    throw new ImportFileError(file, "no zip end-of-directory record found (not a zip archive, or truncated)");
  }
  const entries = tail.readUInt16LE(at + 10);
  const size = tail.readUInt32LE(at + 12);
  const offset = tail.readUInt32LE(at + 16);
  if (entries !== 0xffff && size !== 0xffffffff && offset !== 0xffffffff) return { entries, offset, size };
  // ZIP64: a locator sits just before the classic record and points at the 64-bit one.
  const locator = at - 20;
  if (locator < 0 || tail.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) {
    throw new ImportFileError(file, "the zip archive needs ZIP64 records but has none (corrupt)");
  }
  const recordOffset = readUInt64(tail, locator + 8);
  if (recordOffset + 56 > fileSize)
    throw new ImportFileError(file, "the ZIP64 directory record is past the end of the file");
  const record = await readAt(handle, recordOffset, 56);
  if (record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) {
    throw new ImportFileError(file, "the ZIP64 directory record is missing (corrupt archive)");
  }
  return { entries: readUInt64(record, 32), size: readUInt64(record, 40), offset: readUInt64(record, 48) };
}

function parseDirectory(directory: Buffer, options: { file: string; maxZipEntries: number }): ZipEntry[] {
  const { file, maxZipEntries } = options;
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at + 46 <= directory.length) {
    if (directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      throw new ImportFileError(file, `the zip central directory is corrupt at member ${entries.length + 1}`);
    }
    if (entries.length >= maxZipEntries) {
      throw new ImportFileError(
        file,
        `the zip archive has more than ${maxZipEntries} members, over the limit`,
      );
    }
    const flags = directory.readUInt16LE(at + 8);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > directory.length) throw new ImportFileError(file, "the zip central directory is truncated");
    const entry: ZipEntry = {
      name: directory.toString("utf8", at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      flags,
      crc32: directory.readUInt32LE(at + 16),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    };
    applyZip64Extra(entry, directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.push(entry);
    at = end;
  }
  return entries;
}

/** ZIP64 extra field (id 1): 64-bit values, present only for the fields whose 32-bit value is all ones. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 1) {
      let field = at + 4;
      const end = Math.min(extra.length, field + size);
      const take = (): number | null => {
        if (field + 8 > end) return null;
        const value = readUInt64(extra, field);
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take() ?? entry.uncompressedSize;
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take() ?? entry.compressedSize;
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take() ?? entry.localHeaderOffset;
      return;
    }
    at += 4 + size;
  }
}

function readUInt64(buffer: Buffer, at: number): number {
  return buffer.readUInt32LE(at) + buffer.readUInt32LE(at + 4) * 2 ** 32;
}

/** Reads exactly `length` bytes at `position` (fewer only at end of file). */
export async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === length ? buffer : buffer.subarray(0, filled);
}
