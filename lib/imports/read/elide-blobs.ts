import { isObject } from "./json-value";

/** Strings at least this long are checked for base64 payloads. */
const MIN_BLOB_CHARS = 1024;
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[^;,]*)*;base64,/;
const BASE64_BODY = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The marker that replaces an elided blob, e.g. `[elided base64 image/png, 48213 bytes]`. */
export function describeElidedBlob(mediaType: string | undefined, bytes: number): string {
  return `[elided base64${mediaType ? ` ${mediaType}` : ""}, ${bytes} bytes]`;
}

/** Decoded size of a base64 string (or data URL), without decoding it. */
export function countBase64Bytes(value: string): number {
  const body = value.startsWith("data:") ? value.slice(value.indexOf(",") + 1) : value;
  const padding = body.endsWith("==") ? 2 : body.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((body.replace(/\s/g, "").length * 3) / 4) - padding);
}

/** True for a data URL or a long string made only of base64 characters. */
export function isBase64Blob(value: string): boolean {
  if (value.length < MIN_BLOB_CHARS) return false;
  if (DATA_URL.test(value.slice(0, 200))) return true;
  // Base64 text has no spaces; checking a prefix and the whole string keeps prose from matching.
  return BASE64_BODY.test(value.slice(0, MIN_BLOB_CHARS)) && BASE64_BODY.test(value.replace(/\s/g, ""));
}

/**
 * Returns `value` with every base64 blob (images, documents, data URLs) replaced by a short marker,
 * so a stored `original` stays small. Unchanged subtrees are shared, not copied. The input must
 * already be depth-checked (see `parseJson`).
 */
export function elideBlobs(value: unknown): unknown {
  if (typeof value === "string") {
    if (!isBase64Blob(value)) return value;
    const mediaType = DATA_URL.exec(value.slice(0, 200))?.[1];
    return describeElidedBlob(mediaType, countBase64Bytes(value));
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i += 1) {
      const next = elideBlobs(value[i]);
      if (next !== value[i]) {
        copy ??= value.slice();
        copy[i] = next;
      }
    }
    return copy ?? value;
  }
  if (isObject(value)) {
    let copy: Record<string, unknown> | null = null;
    for (const [key, child] of Object.entries(value)) {
      const next = elideBlobs(child);
      if (next !== child) {
        copy ??= { ...value };
        copy[key] = next;
      }
    }
    return copy ?? value;
  }
  return value;
}
