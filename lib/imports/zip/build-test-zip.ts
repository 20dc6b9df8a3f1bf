// Test-only helpers: build small zip archives and zstd frames byte by byte, so fixtures are
// generated in the test (no binary blobs) and can lie about sizes the way a zip bomb does.
import { deflateSync } from "fflate";
import { updateCrc32 } from "./crc32";

export type TestZipMember = {
  name: string;
  data: Uint8Array | string;
  /** 0 stored, 8 deflate (default), 93 zstd (raw-block frames unless `compressed` is given). */
  method?: number;
  /** Bytes to store instead of compressing `data` (e.g. a real zstd frame). */
  compressed?: Uint8Array;
  /** Uncompressed size to declare instead of the real one. */
  declaredSize?: number;
};

const encoder = new TextEncoder();

/** A zip archive of `members`; `zip64` writes ZIP64 end records and size fields as Python does for big archives. */
export function buildTestZip(members: TestZipMember[], options: { zip64?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const data = typeof member.data === "string" ? encoder.encode(member.data) : member.data;
    const method = member.method ?? 8;
    const compressed = member.compressed ?? compress(data, method);
    const crc = updateCrc32(0, data);
    const size = member.declaredSize ?? data.length;
    const name = Buffer.from(member.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, Buffer.from(compressed));
    centrals.push(
      buildCentral({ name, method, crc, compressed: compressed.length, size, offset, zip64: options.zip64 }),
    );
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = options.zip64
    ? buildZip64End(members.length, directory.length, offset)
    : buildEnd(members.length, directory.length, offset);
  return Buffer.concat([...locals, directory, end]);
}

function compress(data: Uint8Array, method: number): Uint8Array {
  if (method === 0) return data;
  if (method === 93) return encodeZstdRawFrame(data);
  return deflateSync(data);
}

function buildCentral(args: {
  name: Buffer;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  zip64?: boolean;
}): Buffer {
  const extra = args.zip64 ? Buffer.alloc(28) : Buffer.alloc(0);
  if (args.zip64) {
    extra.writeUInt16LE(1, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(args.size), 4);
    extra.writeBigUInt64LE(BigInt(args.compressed), 12);
    extra.writeBigUInt64LE(BigInt(args.offset), 20);
  }
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(45, 4);
  header.writeUInt16LE(45, 6);
  header.writeUInt16LE(0x0800, 8);
  header.writeUInt16LE(args.method, 10);
  header.writeUInt32LE(args.crc, 16);
  header.writeUInt32LE(args.zip64 ? 0xffffffff : args.compressed, 20);
  header.writeUInt32LE(args.zip64 ? 0xffffffff : args.size, 24);
  header.writeUInt16LE(args.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt32LE(args.zip64 ? 0xffffffff : args.offset, 42);
  return Buffer.concat([header, args.name, extra]);
}

function buildEnd(entries: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

function buildZip64End(entries: number, size: number, offset: number): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries), 24);
  record.writeBigUInt64LE(BigInt(entries), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + size), 8);
  locator.writeUInt32LE(1, 16);
  const end = buildEnd(0xffff, 0xffffffff, 0xffffffff);
  return Buffer.concat([record, locator, end]);
}

/**
 * A valid zstd frame holding `data` in raw (uncompressed) blocks: frame header with a window
 * descriptor, then blocks of at most `blockBytes`. Decoders must accept it like any other frame.
 */
export function encodeZstdRawFrame(
  data: Uint8Array,
  options: { blockBytes?: number; windowLog?: number } = {},
): Uint8Array {
  const blockBytes = options.blockBytes ?? 64 * 1024;
  const windowLog = options.windowLog ?? 17;
  const parts: Uint8Array[] = [zstdFrameHeader(windowLog)];
  let at = 0;
  do {
    const size = Math.min(blockBytes, data.length - at);
    const isLast = at + size >= data.length;
    parts.push(zstdBlockHeader({ isLast, type: 0, size }), data.subarray(at, at + size));
    at += size;
  } while (at < data.length);
  return Buffer.concat(parts);
}

/** A zstd frame of `count` copies of `byte` in RLE blocks: a few bytes that decode to a lot (a bomb). */
export function encodeZstdRleFrame(
  byte: number,
  count: number,
  options: { windowLog?: number } = {},
): Uint8Array {
  const parts: Uint8Array[] = [zstdFrameHeader(options.windowLog ?? 17)];
  const maxBlock = 128 * 1024;
  let left = count;
  do {
    const size = Math.min(maxBlock, left);
    left -= size;
    parts.push(zstdBlockHeader({ isLast: left === 0, type: 1, size }), Uint8Array.of(byte));
  } while (left > 0);
  return Buffer.concat(parts);
}

function zstdFrameHeader(windowLog: number): Uint8Array {
  // Magic, descriptor 0 (no content size, no checksum, not single-segment), window descriptor.
  return Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0x00, (windowLog - 10) << 3);
}

function zstdBlockHeader(args: { isLast: boolean; type: number; size: number }): Uint8Array {
  const value = (args.size << 3) | (args.type << 1) | (args.isLast ? 1 : 0);
  return Uint8Array.of(value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff);
}
