import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { formatBytes } from "@/lib/imports/read/read-lines";

const ZSTD_MAGIC = 0xfd2fb528;
const SKIPPABLE_MASK = 0xfffffff0;
const SKIPPABLE_MAGIC = 0x184d2a50;

type State =
  | { kind: "magic" }
  | { kind: "descriptor" }
  | { kind: "header"; bytes: number; descriptor: number }
  | { kind: "skippable-size" }
  | { kind: "block-header"; hasChecksum: boolean }
  | { kind: "skip"; bytes: number; next: "block-header" | "checksum" | "magic"; hasChecksum: boolean };

export type ZstdFrameGuard = { check(chunk: Uint8Array): void };

/**
 * Walks the frame and block headers of a zstd stream as its compressed bytes arrive, before they
 * reach the decoder. The decoder allocates a buffer the size of each frame's declared window (up
 * to 2 GiB), so a tiny forged header could exhaust memory; this refuses windows over
 * `maxWindowBytes` and frames declaring more content than the member itself declares.
 */
export function createZstdFrameGuard(options: {
  member: string;
  maxWindowBytes: number;
  maxContentBytes: number;
}): ZstdFrameGuard {
  const { member, maxWindowBytes, maxContentBytes } = options;
  let state: State = { kind: "magic" };
  let pending: number[] = [];

  const fail = (reason: string): never => {
    throw new ImportRecordError(`zip member ${member}: ${reason}; refusing to decompress it`);
  };

  const checkHeader = (descriptor: number, header: number[]) => {
    const isSingleSegment = (descriptor >> 5) & 1;
    const dictionaryBytes = [0, 1, 2, 4][descriptor & 3];
    const sizeFlag = descriptor >> 6;
    const sizeBytes = sizeFlag === 0 ? isSingleSegment : 1 << sizeFlag;
    let offset = isSingleSegment ? 0 : 1;
    offset += dictionaryBytes;
    let contentSize = 0;
    for (let k = sizeBytes - 1; k >= 0; k -= 1) contentSize = contentSize * 256 + header[offset + k];
    if (sizeBytes === 2) contentSize += 256;
    if (sizeBytes > 0 && contentSize > maxContentBytes) {
      fail(
        `a zstd frame declares ${formatBytes(contentSize)}, more than the member's ${formatBytes(maxContentBytes)}`,
      );
    }
    let window = contentSize;
    if (!isSingleSegment) {
      const base = 2 ** (10 + (header[0] >> 3));
      window = base + (base / 8) * (header[0] & 7);
    }
    if (window > maxWindowBytes) {
      fail(
        `a zstd frame asks for a ${formatBytes(window)} window, over the ${formatBytes(maxWindowBytes)} allowed`,
      );
    }
  };

  const headerLength = (descriptor: number): number => {
    if (descriptor & 0x08) fail("a zstd frame header has its reserved bit set (corrupt data)");
    const isSingleSegment = (descriptor >> 5) & 1;
    const sizeFlag = descriptor >> 6;
    const sizeBytes = sizeFlag === 0 ? isSingleSegment : 1 << sizeFlag;
    return (isSingleSegment ? 0 : 1) + [0, 1, 2, 4][descriptor & 3] + sizeBytes;
  };

  const readLittleEndian = (bytes: number[]): number =>
    bytes.reduceRight((value, byte) => value * 256 + byte, 0);

  // Consumes one byte of header data; returns true when `pending` holds `count` bytes.
  const collect = (byte: number, count: number): boolean => {
    pending.push(byte);
    return pending.length >= count;
  };

  const onByte = (byte: number) => {
    switch (state.kind) {
      case "magic": {
        if (!collect(byte, 4)) return;
        const magic = readLittleEndian(pending) >>> 0;
        pending = [];
        if (magic === ZSTD_MAGIC) state = { kind: "descriptor" };
        else if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC) state = { kind: "skippable-size" };
        else fail("the data is not a zstd frame (bad magic number)");
        return;
      }
      case "descriptor": {
        const bytes = headerLength(byte);
        state = { kind: "header", bytes, descriptor: byte };
        if (bytes === 0) {
          checkHeader(byte, []);
          state = { kind: "block-header", hasChecksum: ((byte >> 2) & 1) === 1 };
        }
        return;
      }
      case "header": {
        if (!collect(byte, state.bytes)) return;
        checkHeader(state.descriptor, pending);
        pending = [];
        state = { kind: "block-header", hasChecksum: ((state.descriptor >> 2) & 1) === 1 };
        return;
      }
      case "skippable-size": {
        if (!collect(byte, 4)) return;
        const bytes = readLittleEndian(pending);
        pending = [];
        state = bytes === 0 ? { kind: "magic" } : { kind: "skip", bytes, next: "magic", hasChecksum: false };
        return;
      }
      case "block-header": {
        if (!collect(byte, 3)) return;
        const header = readLittleEndian(pending);
        pending = [];
        const isLast = (header & 1) === 1;
        const type = (header >> 1) & 3;
        if (type === 3) fail("a zstd block has the reserved type (corrupt data)");
        const size = type === 1 ? 1 : header >>> 3;
        const hasChecksum = state.hasChecksum;
        const next = isLast ? (hasChecksum ? "checksum" : "magic") : "block-header";
        state =
          size === 0 ? nextAfterSkip(next, hasChecksum) : { kind: "skip", bytes: size, next, hasChecksum };
        return;
      }
      case "skip":
        return; // Handled in bulk by `check`.
    }
  };

  const nextAfterSkip = (next: "block-header" | "checksum" | "magic", hasChecksum: boolean): State => {
    if (next === "checksum") return { kind: "skip", bytes: 4, next: "magic", hasChecksum: false };
    if (next === "block-header") return { kind: "block-header", hasChecksum };
    return { kind: "magic" };
  };

  return {
    check(chunk: Uint8Array) {
      let i = 0;
      while (i < chunk.length) {
        if (state.kind === "skip") {
          const step = Math.min(state.bytes, chunk.length - i);
          i += step;
          const remaining = state.bytes - step;
          state =
            remaining > 0 ? { ...state, bytes: remaining } : nextAfterSkip(state.next, state.hasChecksum);
          continue;
        }
        onByte(chunk[i]);
        i += 1;
      }
    },
  };
}
