import { countBase64Bytes, isBase64Blob } from "@/lib/imports/read/elide-blobs";
import { isObject } from "@/lib/imports/read/json-value";
import type { MessagePart } from "@/lib/imports/types";

/** Joins the non-empty pieces of a message with blank lines (the `text` convention of the model). */
export function joinText(pieces: Array<string | null | undefined>): string {
  return pieces
    .filter((piece): piece is string => typeof piece === "string" && piece.trim() !== "")
    .join("\n\n");
}

/** Any JSON value as display text: strings as they are, everything else as compact JSON. */
export function stringifyContent(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** An image part from a URL that may be a base64 `data:` URL (kept out of the part, its size recorded). */
export function buildImagePart(url: unknown, mediaType?: string): MessagePart {
  if (typeof url !== "string" || url === "") return { type: "image", mediaType };
  if (url.startsWith("data:")) {
    const dataType = /^data:([^;,]+)/.exec(url)?.[1];
    return { type: "image", mediaType: mediaType ?? dataType, dataBytes: countBase64Bytes(url) };
  }
  return { type: "image", url, mediaType };
}

/** An image part from raw base64 data (Anthropic `source.data`, OTel blobs). */
export function buildBase64ImagePart(data: unknown, mediaType?: string): MessagePart {
  const bytes = typeof data === "string" ? countBase64Bytes(data) : undefined;
  return { type: "image", mediaType, dataBytes: bytes };
}

/** A part for a block we do not model, with a short summary of what it held. */
export function buildOtherPart(kind: string, value?: unknown): MessagePart {
  const summary = summarize(value);
  return summary ? { type: "other", kind, summary } : { type: "other", kind };
}

const SUMMARY_CHARS = 200;

function summarize(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") {
    if (isBase64Blob(value)) return `${countBase64Bytes(value)} bytes of base64 data`;
    return value.length > SUMMARY_CHARS ? `${value.slice(0, SUMMARY_CHARS)}…` : value;
  }
  if (isObject(value)) {
    const keys = Object.keys(value).filter((key) => key !== "type");
    return keys.length > 0 ? `fields: ${keys.slice(0, 8).join(", ")}` : undefined;
  }
  return undefined;
}

const THINK_BLOCK = /<think>([\s\S]*?)<\/think>/g;

/**
 * Splits inline `<think>…</think>` reasoning out of assistant text. A lone `</think>` (some
 * reasoning models drop the opening tag) makes everything before it reasoning.
 */
export function splitThinkTags(text: string): { text: string; reasoning: string | null } {
  if (!text.includes("</think>")) return { text, reasoning: null };
  const reasoning: string[] = [];
  let rest = text.replace(THINK_BLOCK, (_match, inner: string) => {
    reasoning.push(inner.trim());
    return "";
  });
  const lone = rest.indexOf("</think>");
  if (lone !== -1 && !rest.slice(0, lone).includes("<think>")) {
    reasoning.unshift(rest.slice(0, lone).trim());
    rest = rest.slice(lone + "</think>".length);
  }
  return { text: rest.trim(), reasoning: joinText(reasoning) || null };
}
