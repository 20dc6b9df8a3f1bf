// Finding answer-key text in something meant for agents or buyers. The needles are the whole key
// and each of its distinctive lines (a line of at least 12 characters, or the value after a
// "label:" of at least 6), compared case- and whitespace-insensitively. Used by the export leak
// test, the buyer crawl test and the guard on sample transcripts.

const LABELLED_RE = /^[^:=]{1,40}?\s*(?::|=|->)\s+(\S.*)$/;
const BULLET_RE = /^\s*(?:[-*+\u2022]|\d{1,3}[.)])\s+/;

export function normalizeSecretText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The normalized needles of an answer key (or any secret), longest first, without duplicates. */
export function listSecretNeedles(secret: string): string[] {
  const needles = new Set<string>();
  const whole = normalizeSecretText(secret);
  if (whole.length >= 4) needles.add(whole);
  for (const raw of secret.split(/\r?\n/)) {
    const line = raw.replace(BULLET_RE, "").trim();
    if (line.length >= 12) needles.add(normalizeSecretText(line));
    const value = LABELLED_RE.exec(line)?.[1]?.trim();
    if (value && value.length >= 6) needles.add(normalizeSecretText(value));
  }
  return [...needles].sort((a, b) => b.length - a.length);
}

/** The needles found in a text (normalized the same way). */
export function findSecretNeedles(text: string, needles: string[]): string[] {
  const haystack = normalizeSecretText(text);
  return needles.filter((needle) => haystack.includes(needle));
}
