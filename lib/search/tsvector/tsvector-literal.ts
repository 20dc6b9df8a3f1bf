import type { DocumentToken } from "./parse-document";

// The tsvector Postgres's to_tsvector builds from the parser's tokens, in its text form.
// Called once per message, so it avoids per-document maps: each lexeme is an object kept across
// calls that collects the current document's positions, and each word as written remembers its
// lexeme (per lexeme map; stems never change), so a token costs one map lookup.

/** Positions past this one are all recorded as this one (LIMITPOS). */
const MAX_POSITION = 16383;
/** A lexeme keeps its first 255 distinct positions (MAXNUMPOS - 1). */
const MAX_POSITIONS_PER_LEXEME = 255;
/** Lexemes and words remembered; past this all are forgotten at once (a lexeme costs ~200 bytes). */
const MAX_REMEMBERED = 200_000;

type Lexeme = {
  text: string;
  /** `'text':`, quoted. */
  head: string;
  /** The first six characters as a number, to sort by numbers (ties compare the text). */
  prefix: number;
  /** The document whose positions `positions` holds. */
  document: number;
  positions: number[];
};

let lexemes = new Map<string, Lexeme>();
/** Word as written → its lexeme (null: a stop word), per english lexeme map. */
let englishWordsByMap = new WeakMap<ReadonlyMap<string, string | null>, Map<string, Lexeme | null>>();
let simpleWords = new Map<string, Lexeme>();
let remembered = 0;
let documentNumber = 0;
const documentLexemes: Lexeme[] = [];

/**
 * The tsvector's text form, equal to Postgres's to_tsvector(...)::text. `englishLexemes` maps a
 * lowercased english-dictionary word to its lexeme, or null for a stop word (what
 * ts_lexize('english_stem', w) gives: {} → null). Null when an english word of `tokens` is not in
 * the map: the caller looks the missing ones up (`englishWords`) and asks again.
 */
export function tsvectorLiteral(
  tokens: DocumentToken[],
  englishLexemes: ReadonlyMap<string, string | null>,
): string | null {
  if (remembered > MAX_REMEMBERED) forgetAll();
  let englishWords = englishWordsByMap.get(englishLexemes);
  if (englishWords === undefined) {
    englishWords = new Map();
    englishWordsByMap.set(englishLexemes, englishWords);
  }
  const document = ++documentNumber;
  documentLexemes.length = 0;
  for (let i = 0; i < tokens.length; i++) {
    const { word, dictionary } = tokens[i];
    let lexeme: Lexeme | null | undefined;
    if (dictionary === "english") {
      lexeme = englishWords.get(word);
      if (lexeme === undefined) {
        const text = englishLexemes.get(word.toLowerCase());
        if (text === undefined) return null;
        lexeme = text === null ? null : lexemeOf(text);
        englishWords.set(word, lexeme);
        remembered++;
      }
      // A stop word keeps its position but leaves no lexeme.
      if (lexeme === null) continue;
    } else {
      lexeme = simpleWords.get(word);
      if (lexeme === undefined) {
        lexeme = lexemeOf(word.toLowerCase());
        simpleWords.set(word, lexeme);
        remembered++;
      }
    }
    const position = i < MAX_POSITION ? i + 1 : MAX_POSITION;
    if (lexeme.document !== document) {
      lexeme.document = document;
      lexeme.positions.length = 0;
      documentLexemes.push(lexeme);
    }
    // Tokens come in order, so positions arrive sorted: keep the first 255 distinct ones.
    const list = lexeme.positions;
    if (list.length < MAX_POSITIONS_PER_LEXEME && list[list.length - 1] !== position) list.push(position);
  }
  // Postgres's byte order (lexemes are ASCII, so UTF-16 order is the same).
  documentLexemes.sort(byText);
  // Joined rather than concatenated: `+=` makes a tree of string pieces, and the indexer holds a
  // batch's literals until it writes them, so the trees outlived young-generation collections.
  parts.length = 0;
  for (let l = 0; l < documentLexemes.length; l++) {
    const { head, positions } = documentLexemes[l];
    if (l > 0) parts.push(" ");
    parts.push(head, positionText(positions[0]));
    for (let k = 1; k < positions.length; k++) parts.push(",", positionText(positions[k]));
  }
  return parts.join("");
}

const parts: string[] = [];

function lexemeOf(text: string): Lexeme {
  let lexeme = lexemes.get(text);
  if (lexeme === undefined) {
    let prefix = 0;
    for (let k = 0; k < 6; k++) prefix = prefix * 128 + (k < text.length ? text.charCodeAt(k) : 0);
    lexeme = { text, head: `'${quoteLexeme(text)}':`, prefix, document: 0, positions: [] };
    lexemes.set(text, lexeme);
    remembered++;
  }
  return lexeme;
}

function byText(a: Lexeme, b: Lexeme): number {
  if (a.prefix !== b.prefix) return a.prefix - b.prefix;
  return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
}

function forgetAll(): void {
  lexemes = new Map();
  englishWordsByMap = new WeakMap();
  simpleWords = new Map();
  remembered = 0;
}

/** Decimal texts of positions, made once (number-to-string conversions were a good part of the cost). */
const POSITION_TEXTS: string[] = [];
function positionText(position: number): string {
  while (POSITION_TEXTS.length <= position) POSITION_TEXTS.push(String(POSITION_TEXTS.length));
  return POSITION_TEXTS[position];
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
