// The studio's search document exactly as `messageDocument` (lib/search/text-search.ts) builds it in
// SQL: text, reasoning and tool-call JSON joined by spaces, its first 200,000 characters, and the
// separators `_ . / \` turned into spaces.

const MAX_CHARACTERS = 200_000;

export function searchDocument(
  text: string | null,
  reasoning: string | null,
  toolCallsText: string | null,
): string {
  const joined = `${text ?? ""} ${reasoning ?? ""} ${toolCallsText ?? ""}`;
  return leftCharacters(joined, MAX_CHARACTERS).replace(/[_./\\]/g, " ");
}

/** Postgres's left(s, n): n characters (code points, not UTF-16 units). */
function leftCharacters(s: string, n: number): string {
  if (s.length <= n) return s;
  let units = 0;
  for (let count = 0; count < n && units < s.length; count++) {
    const c = s.charCodeAt(units);
    units += c >= 0xd800 && c <= 0xdbff && units + 1 < s.length ? 2 : 1;
  }
  return s.slice(0, units);
}
