import { compileSafeRegex, type SafeRegex } from "./safe-regex";

// The part of a response a check looks at: the whole response, or what an extraction pattern captures.

export type Target = { ok: true; text: string } | { ok: false; detail: string };

/** Applies an optional extraction pattern: its first capture group, else the whole match. */
export function extractTarget(response: string, pattern?: string): Target {
  if (!pattern) return { ok: true, text: response };
  let re: SafeRegex;
  try {
    re = compileSafeRegex(pattern, "m");
  } catch {
    return { ok: false, detail: "The extraction pattern is not a valid regular expression." };
  }
  const match = re.exec(response);
  if (!match)
    return { ok: false, detail: `Nothing in the response matches the extraction pattern /${pattern}/.` };
  return { ok: true, text: match.firstGroup ?? match.text };
}

/** Collapses runs of whitespace to one space and trims. */
export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Flattens and shortens text for a result message. */
export function shorten(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Shortens text for a result message, in quotes. */
export function quoteShort(text: string, max = 80): string {
  return `"${shorten(text, max)}"`;
}
