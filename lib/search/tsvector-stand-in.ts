// TEMPORARY stand-in for lib/search/tsvector/ (being written by `tokenizer`), with its signatures:
// exact for documents of lowercase ASCII letters and spaces, refusing everything else. Deleted
// when the real module lands.

export type DocumentToken = { word: string; dictionary: "english" | "simple" };

const MAX_DOCUMENT_CHARS = 200_000;
/** to_tsvector's last position (MAXENTRYPOS - 1) and positions kept per lexeme (MAXNUMPOS - 1). */
const LAST_POSITION = 16_383;
const POSITIONS_PER_LEXEME = 255;

export function searchDocument(
  text: string | null,
  reasoning: string | null,
  toolCallsText: string | null,
): string {
  let doc = `${text ?? ""} ${reasoning ?? ""} ${toolCallsText ?? ""}`;
  if (doc.length > MAX_DOCUMENT_CHARS) doc = Array.from(doc).slice(0, MAX_DOCUMENT_CHARS).join("");
  return doc.replace(/[_./\\]/g, " ");
}

export function parseDocument(doc: string): DocumentToken[] | null {
  if (!/^[a-z ]*$/.test(doc)) return null;
  const words = doc.split(" ").filter((w) => w.length > 0);
  if (words.some((w) => w.length > 100)) return null;
  return words.map((word) => ({ word, dictionary: "english" }));
}

export function englishWords(tokens: DocumentToken[]): Set<string> {
  return new Set(tokens.filter((t) => t.dictionary === "english").map((t) => t.word.toLowerCase()));
}

export function tsvectorLiteral(
  tokens: DocumentToken[],
  englishLexemes: ReadonlyMap<string, string | null>,
): string {
  const positions = new Map<string, number[]>();
  tokens.forEach((token, i) => {
    const word = token.word.toLowerCase();
    const lexeme = token.dictionary === "english" ? englishLexemes.get(word) : word;
    if (lexeme === undefined) throw new Error(`no lexeme looked up for "${word}"`);
    if (lexeme === null) return;
    const list = positions.get(lexeme) ?? [];
    const position = Math.min(i + 1, LAST_POSITION);
    if (list.length < POSITIONS_PER_LEXEME && list.at(-1) !== position) list.push(position);
    positions.set(lexeme, list);
  });
  return [...positions.keys()]
    .sort()
    .map((lexeme) => `'${lexeme}':${positions.get(lexeme)?.join(",")}`)
    .join(" ");
}
