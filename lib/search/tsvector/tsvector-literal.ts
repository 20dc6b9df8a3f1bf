import type { DocumentToken } from "./parse-document";

// The tsvector Postgres's to_tsvector builds from the parser's tokens, in its text form.

/** Positions past this one are all recorded as this one (LIMITPOS). */
const MAX_POSITION = 16383;
/** A lexeme keeps its first 255 distinct positions (MAXNUMPOS - 1). */
const MAX_POSITIONS_PER_LEXEME = 255;

type WordPositions = { token: DocumentToken; positions: number[] };

/** The tsvector's text form, equal to Postgres's to_tsvector(...)::text. `englishLexemes` maps a lowercased english-dictionary word to its lexeme, or null for a stop word (what ts_lexize('english_stem', w) gives: {} → null). Every english word of `tokens` must be in the map. */
export function tsvectorLiteral(
  tokens: DocumentToken[],
  englishLexemes: ReadonlyMap<string, string | null>,
): string {
  // One map operation per token: positions by word as written (the parser's words determine their
  // dictionary; a word seen under both is keyed apart). Lowercasing and stemming go per word.
  const byWord = new Map<string, WordPositions>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const position = i < MAX_POSITION ? i + 1 : MAX_POSITION;
    let key = token.word;
    let entry = byWord.get(key);
    if (entry !== undefined && entry.token.dictionary !== token.dictionary) {
      key = `${token.dictionary}\u0000${token.word}`;
      entry = byWord.get(key);
    }
    if (entry === undefined) {
      entry = { token, positions: [] };
      byWord.set(key, entry);
    }
    const list = entry.positions;
    if (list.length < MAX_POSITIONS_PER_LEXEME && list[list.length - 1] !== position) list.push(position);
  }
  const positionsByLexeme = new Map<string, number[]>();
  for (const { token, positions } of byWord.values()) {
    const word = token.word.toLowerCase();
    let lexeme: string | null | undefined = word;
    if (token.dictionary === "english") {
      lexeme = englishLexemes.get(word);
      if (lexeme === undefined) throw new Error(`No english lexeme for "${word}"`);
      // A stop word keeps its position but leaves no lexeme.
      if (lexeme === null) continue;
    }
    const other = positionsByLexeme.get(lexeme);
    positionsByLexeme.set(lexeme, other ? mergePositions(other, positions) : positions);
  }
  // Lexemes are ASCII here, so UTF-16 order is Postgres's byte order.
  const lexemes = [...positionsByLexeme.keys()].sort();
  let out = "";
  for (const lexeme of lexemes) {
    const list = positionsByLexeme.get(lexeme) as number[];
    out += `${out ? " '" : "'"}${quoteLexeme(lexeme)}':${positionText(list[0])}`;
    for (let k = 1; k < list.length; k++) out += `,${positionText(list[k])}`;
  }
  return out;
}

/** Decimal texts of positions, made once (number-to-string conversions were a good part of the cost). */
const POSITION_TEXTS: string[] = [];
function positionText(position: number): string {
  while (POSITION_TEXTS.length <= position) POSITION_TEXTS.push(String(POSITION_TEXTS.length));
  return POSITION_TEXTS[position];
}

/** Words that share a lexeme ("Run", "running"): their positions in order, distinct, the first 255. */
function mergePositions(a: number[], b: number[]): number[] {
  const sorted = [...a, ...b].sort((x, y) => x - y);
  const out: number[] = [];
  for (const position of sorted) {
    if (out.length === MAX_POSITIONS_PER_LEXEME) break;
    if (out[out.length - 1] !== position) out.push(position);
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
