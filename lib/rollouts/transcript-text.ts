// Pure text helpers of the transcript viewer: truncation for display and `#m-{index}` anchors.

export type Truncated = { text: string; isTruncated: boolean; hiddenChars: number };

/** Cuts `text` to at most `maxChars` characters and `maxLines` lines, at a line end when one is near. */
export function truncateText(
  text: string,
  { maxChars, maxLines }: { maxChars: number; maxLines: number },
): Truncated {
  let end = Math.min(text.length, maxChars);
  let lines = 0;
  for (let i = 0; i < end; i += 1) {
    if (text.charCodeAt(i) === 10 && ++lines >= maxLines) {
      end = i;
      break;
    }
  }
  if (end >= text.length) return { text, isTruncated: false, hiddenChars: 0 };
  const lineEnd = text.lastIndexOf("\n", end);
  if (lineEnd > end * 0.8) end = lineEnd;
  // Never split a surrogate pair (emoji and other astral characters).
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), isTruncated: true, hiddenChars: text.length - end };
}

export const messageAnchor = (index: number) => `m-${index}`;

/** The message index of a `#m-{index}` hash, clamped to the transcript; null when it is no anchor. */
export function parseMessageAnchor(hash: string, messageCount: number): number | null {
  const match = /^#?m-(\d{1,9})$/.exec(hash);
  if (!match || messageCount === 0) return null;
  return Math.min(Number(match[1]), messageCount - 1);
}

/** Arguments as readable text: JSON pretty-printed; strings (unparsable arguments) as they are. */
export function formatArguments(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

const SAFE_URL = /^(https?:\/\/|mailto:|#)/i;

/**
 * Link targets allowed in rendered transcripts: http(s), mailto and in-page anchors. Everything else
 * (javascript:, data:, vbscript:, relative paths that could hit our own API) becomes "" (no link).
 */
export function toSafeUrl(url: string): string {
  // Browsers ignore control characters and whitespace inside schemes (`java\tscript:`); so do we.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  return SAFE_URL.test(compact) ? compact : "";
}
