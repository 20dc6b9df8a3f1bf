import { createReadStream } from "node:fs";

// The top level of a JSON document, read streaming: every key of the outermost object and the
// short scalar values beside them, however far into the file they are. Detectors see only the first
// 64 KiB; a mini-swe-agent trajectory whose submitted diff is longer names its format after it.
// Bytes are scanned, never decoded or kept beyond a key or a short value, so memory stays flat.

export type TopLevelScan = {
  /** The top-level keys in file order. */
  keys: string[];
  /** Top-level strings up to MAX_VALUE_BYTES, numbers, booleans and nulls, by key. */
  values: Record<string, string | number | boolean | null>;
  /** Whether the outermost object closed before the file ended. */
  isComplete: boolean;
};

const MAX_KEY_BYTES = 256;
const MAX_VALUE_BYTES = 256;
const MAX_KEYS = 1_000;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Scans the first JSON value of a file, which must be an object, up to where it closes. */
export async function scanTopLevel(path: string): Promise<TopLevelScan> {
  const scanner = new TopLevelScanner();
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream) {
      if (scanner.push(chunk as Buffer)) break;
    }
  } finally {
    stream.destroy();
  }
  return scanner.result();
}

/** A byte-level state machine over chunks; `push` returns true once the outer object has closed. */
export class TopLevelScanner {
  private depth = 0;
  private isInString = false;
  private isEscaped = false;
  /** At depth 1: the next string is a key (after `{` or `,`), or a value (after `:`). */
  private isExpectingKey = false;
  /** Bytes of the key or short value being collected; null when the current token isn't collected. */
  private collecting: number[] | null = null;
  private collectingKind: "key" | "string" | "scalar" | null = null;
  private currentKey: string | null = null;
  private isDone = false;
  private readonly keys: string[] = [];
  private readonly values: Record<string, string | number | boolean | null> = {};

  push(chunk: Buffer): boolean {
    if (this.isDone) return true;
    for (let i = 0; i < chunk.length; i += 1) {
      const byte = chunk[i];
      if (this.isInString) {
        if (this.collecting === null && !this.isEscaped) {
          // Skip the body of a long or nested string quickly.
          const quote = chunk.indexOf(QUOTE, i);
          const backslash = chunk.indexOf(BACKSLASH, i);
          const next = quote === -1 ? backslash : backslash === -1 ? quote : Math.min(quote, backslash);
          if (next === -1) break;
          i = next;
        }
        const at = chunk[i];
        if (this.isEscaped) {
          this.isEscaped = false;
          this.collect(at);
        } else if (at === BACKSLASH) {
          this.isEscaped = true;
          this.collect(at);
        } else if (at === QUOTE) {
          this.isInString = false;
          this.finishString();
        } else this.collect(at);
        continue;
      }
      if (this.collectingKind === "scalar") {
        if (byte === 0x2c || byte === 0x7d || byte <= 0x20) this.finishScalar();
        else {
          this.collect(byte);
          continue;
        }
      }
      if (byte === QUOTE) {
        this.isInString = true;
        if (this.depth === 1) {
          this.collectingKind = this.isExpectingKey ? "key" : "string";
          this.collecting = [];
        }
      } else if (byte === 0x7b || byte === 0x5b) {
        // `{` or `[`
        if (this.depth === 0 && byte !== 0x7b) return this.finish(false);
        this.depth += 1;
        if (this.depth === 1) this.isExpectingKey = true;
      } else if (byte === 0x7d || byte === 0x5d) {
        this.depth -= 1;
        if (this.depth === 0) return this.finish(true);
      } else if (this.depth === 1) {
        if (byte === 0x2c) this.isExpectingKey = true;
        else if (byte === 0x3a) this.isExpectingKey = false;
        else if (byte > 0x20 && !this.isExpectingKey && this.currentKey !== null) {
          this.collectingKind = "scalar";
          this.collecting = [byte];
        }
      } else if (this.depth === 0 && byte > 0x20) return this.finish(false);
    }
    return false;
  }

  result(): TopLevelScan {
    return { keys: this.keys, values: this.values, isComplete: this.isDone && this.depth === 0 };
  }

  private collect(byte: number): void {
    if (this.collecting === null) return;
    const max = this.collectingKind === "key" ? MAX_KEY_BYTES : MAX_VALUE_BYTES;
    if (this.collecting.length >= max) {
      this.collecting = null; // Too long to keep: a diff, a prompt.
      return;
    }
    this.collecting.push(byte);
  }

  private finishString(): void {
    const bytes = this.collecting;
    const kind = this.collectingKind;
    this.collecting = null;
    this.collectingKind = null;
    if (kind === "key") {
      const key = bytes ? decodeString(bytes) : null;
      this.currentKey = key;
      if (key !== null && this.keys.length < MAX_KEYS) this.keys.push(key);
    } else if (kind === "string" && bytes && this.currentKey !== null) {
      const value = decodeString(bytes);
      if (value !== null) this.values[this.currentKey] = value;
    }
  }

  private finishScalar(): void {
    const text = Buffer.from(this.collecting ?? []).toString("latin1");
    this.collecting = null;
    this.collectingKind = null;
    if (this.currentKey === null) return;
    if (text === "true" || text === "false") this.values[this.currentKey] = text === "true";
    else if (text === "null") this.values[this.currentKey] = null;
    else if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) this.values[this.currentKey] = Number(text);
  }

  private finish(isComplete: boolean): true {
    if (this.collectingKind === "scalar") this.finishScalar();
    this.isDone = true;
    if (!isComplete) this.depth = -1;
    return true;
  }
}

function decodeString(bytes: number[]): string | null {
  try {
    return JSON.parse(`"${Buffer.from(bytes).toString("utf8")}"`);
  } catch {
    return null;
  }
}
