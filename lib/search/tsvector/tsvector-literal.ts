import type { DocumentToken } from "./parse-document";

// The tsvector Postgres's to_tsvector builds from the parser's tokens, in its text form.

/** Positions past this one are all recorded as this one (LIMITPOS). */
const MAX_POSITION = 16383;
/** A lexeme keeps its first 255 distinct positions (MAXNUMPOS - 1). */
const MAX_POSITIONS_PER_LEXEME = 255;

/** The tsvector's text form, equal to Postgres's to_tsvector(...)::text. `englishLexemes` maps a lowercased english-dictionary word to its lexeme, or null for a stop word (what ts_lexize('english_stem', w) gives: {} → null). Every english word of `tokens` must be in the map. */
export function tsvectorLiteral(
  tokens: DocumentToken[],
  englishLexemes: ReadonlyMap<string, string | null>,
): string {
  const positions = new Map<string, number[]>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const word = token.word.toLowerCase();
    let lexeme: string | null | undefined = word;
    if (token.dictionary === "english") {
      lexeme = englishLexemes.get(word);
      if (lexeme === undefined) throw new Error(`No english lexeme for "${word}"`);
      // A stop word keeps its position but leaves no lexeme.
      if (lexeme === null) continue;
    }
    const position = Math.min(i + 1, MAX_POSITION);
    const list = positions.get(lexeme);
    if (!list) positions.set(lexeme, [position]);
    else {
      const last = list[list.length - 1];
      if (list.length < MAX_POSITIONS_PER_LEXEME && last !== MAX_POSITION && last !== position)
        list.push(position);
    }
  }
  // Lexemes are ASCII here, so UTF-16 order is Postgres's byte order.
  const lexemes = [...positions.keys()].sort();
  let out = "";
  for (const lexeme of lexemes) {
    if (out) out += " ";
    out += `'${quoteLexeme(lexeme)}':${(positions.get(lexeme) as number[]).join(",")}`;
  }
  return out;
}

function quoteLexeme(lexeme: string): string {
  return lexeme.includes("'") || lexeme.includes("\\")
    ? lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")
    : lexeme;
}

/** Lowercased english-dictionary words of `tokens` (to look up misses). */
export function englishWords(tokens: DocumentToken[]): Set<string> {
  const words = new Set<string>();
  for (const token of tokens) if (token.dictionary === "english") words.add(token.word.toLowerCase());
  return words;
}
