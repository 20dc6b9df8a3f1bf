import {
  ALNUM,
  AMPERSAND,
  CLASS,
  DIGIT,
  ENDS_BLANK,
  HYPHEN,
  LESS,
  LETTER,
  NON_ASCII,
  OTHER_BYTE,
  PLUS,
  REFUSED_ASCII,
  REFUSED_NON_ASCII,
  TILDE,
} from "./char-class";
import { entityEnd, fileEnd, NOT_FOUND, SCRIPT_OR_STYLE, tagEnd } from "./markup";

// Postgres 15's default text-search parser with the english configuration's token mapping, for the
// ASCII documents `searchDocument` builds (no `_ . / \` left). Tags, entities and blanks take no
// position; words go to english_stem, numbers and words with digits to 'simple'. The differential
// test (tsvector-twin.db.test.ts) holds it to both databases.

export type DocumentToken = { word: string; dictionary: "english" | "simple" };

/**
 * Tokens this long (bytes) are dropped without a position ("word is too long to be indexed"):
 * 2048 and more on Postgres 15, 2047 and more on PGlite (Postgres 18). A token of exactly 2047
 * bytes therefore makes the twin refuse the document.
 */
const MAX_WORD_BYTES = 2048;
const AMBIGUOUS_WORD_BYTES = 2047;

const isLetter = (c: number) => (CLASS[c] & LETTER) !== 0;
const isDigit = (c: number) => (CLASS[c] & DIGIT) !== 0;
const isAlnum = (c: number) => (CLASS[c] & ALNUM) !== 0;

/** The document as bytes (it is ASCII), then zeros where Postgres sees its end; reused between calls. */
let buffer = new Uint8Array(1 << 16);
const encoder = new TextEncoder();
const END_PADDING = 8;

/** Tokens that take a position, in order; null when the document holds anything this twin does not reproduce exactly (the caller then lets Postgres compute it). */
export function parseDocument(doc: string): DocumentToken[] | null {
  if (REFUSED_ASCII.test(doc)) return null;
  const n = doc.length;
  if (buffer.length < n + END_PADDING) buffer = new Uint8Array(2 * (n + END_PADDING));
  if (!NON_ASCII.test(doc)) encoder.encodeInto(doc, buffer);
  else if (REFUSED_NON_ASCII.test(doc)) return null;
  else
    for (let i = 0; i < n; i++) {
      const c = doc.charCodeAt(i);
      buffer[i] = c < 0x80 ? c : OTHER_BYTE;
    }
  buffer.fill(0, n, n + END_PADDING);
  const parser = new Parser(buffer, doc);
  return parser.run() && !parser.isAmbiguous ? parser.tokens : null;
}

class Parser {
  readonly tokens: DocumentToken[] = [];
  /** Set when a token's length is one the databases treat differently. */
  isAmbiguous = false;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly doc: string,
  ) {}

  private emit(from: number, to: number, dictionary: DocumentToken["dictionary"]): void {
    const length = to - from;
    if (length < AMBIGUOUS_WORD_BYTES) this.tokens.push({ word: this.doc.slice(from, to), dictionary });
    else if (length < MAX_WORD_BYTES) this.isAmbiguous = true;
  }

  /** False when the document needs what this twin refuses. */
  run(): boolean {
    const bytes = this.bytes;
    const n = this.doc.length;
    let i = 0;
    // Between tokens the parser is in a blank, which only these characters end (`~` does not).
    let inBlank = false;
    while (i < n) {
      if (inBlank) {
        while (!(CLASS[bytes[i]] & ENDS_BLANK) && i < n) i++;
        if (i === n) break;
        inBlank = false;
      }
      const c = bytes[i];
      let end = NOT_FOUND;
      if (isLetter(c)) end = this.word(i);
      else if (isDigit(c)) end = this.number(i, i);
      else if (c === HYPHEN || c === PLUS) {
        if (isDigit(bytes[i + 1])) end = this.signedNumber(i);
      } else if (c === LESS) {
        end = tagEnd(bytes, this.doc, i);
        // From a script or style tag's name on, Postgres blanks all text until a closing tag, which
        // needs the `/` the document no longer has: nothing after it is indexed.
        if (end === SCRIPT_OR_STYLE) return true;
      } else if (c === AMPERSAND) end = entityEnd(bytes, i);
      else if (c === TILDE) {
        end = fileEnd(bytes, i);
        if (end !== NOT_FOUND) this.emit(i, end, "simple");
      }
      if (end === NOT_FOUND) {
        i++;
        inBlank = true;
      } else i = end;
    }
    return true;
  }

  private scan(from: number, kind: number): number {
    let i = from;
    const bytes = this.bytes;
    while (CLASS[bytes[i]] & kind) i++;
    return i;
  }

  /** Letters from `at`: a word, a word with digits, or a hyphenated word. */
  private word(at: number): number {
    const end = this.scan(at + 1, LETTER);
    const c = this.bytes[end];
    if (isDigit(c)) return this.numWord(at, this.scan(end, ALNUM));
    if (c === HYPHEN) return this.hyphenated(at, end, false);
    this.emit(at, end, "english");
    return end;
  }

  private numWord(at: number, end: number): number {
    if (this.bytes[end] === HYPHEN) return this.hyphenated(at, end, true);
    this.emit(at, end, "simple");
    return end;
  }

  /** Digits from `digitsAt` (after a sign at `at` when signed): an integer, a float like 1e5, or a word with digits. */
  private number(at: number, digitsAt: number): number {
    const bytes = this.bytes;
    const end = this.scan(digitsAt + 1, DIGIT);
    const c = bytes[end];
    if (c === 0x65 || c === 0x45) {
      const exponentEnd = this.exponentEnd(end);
      if (exponentEnd !== NOT_FOUND) {
        this.emit(at, exponentEnd, "simple");
        return exponentEnd;
      }
    }
    // Letters after an unsigned integer make a word with digits; after a sign they start a new token.
    if (at === digitsAt && isLetter(c)) return this.numWord(at, this.scan(end, ALNUM));
    this.emit(at, end, "simple");
    return end;
  }

  private signedNumber(at: number): number {
    return this.number(at, at + 1);
  }

  /** `e` at `at` followed by digits, optionally signed: where the exponent ends. */
  private exponentEnd(at: number): number {
    const bytes = this.bytes;
    let i = at + 1;
    const c = bytes[i];
    if (c === PLUS || c === HYPHEN) i++;
    if (!isDigit(bytes[i])) return NOT_FOUND;
    return this.scan(i + 1, DIGIT);
  }

  /**
   * A word ending at a hyphen (`hyphenAt`): the whole hyphenated word if a part follows (letters,
   * or digits then letters), then its parts. Otherwise just the word.
   */
  private hyphenated(at: number, hyphenAt: number, hasDigits: boolean): number {
    const bytes = this.bytes;
    let end = hyphenAt;
    let withDigits = hasDigits;
    while (bytes[end] === HYPHEN) {
      const c = bytes[end + 1];
      let partEnd: number;
      if (isLetter(c)) {
        partEnd = this.scan(end + 2, LETTER);
        if (isDigit(bytes[partEnd])) {
          withDigits = true;
          partEnd = this.scan(partEnd, ALNUM);
        }
      } else if (isDigit(c)) {
        const digitsEnd = this.scan(end + 2, DIGIT);
        if (!isLetter(bytes[digitsEnd])) break;
        withDigits = true;
        partEnd = this.scan(digitsEnd, ALNUM);
      } else break;
      end = partEnd;
    }
    if (end === hyphenAt) {
      this.emit(at, end, hasDigits ? "simple" : "english");
      return end;
    }
    this.emit(at, end, withDigits ? "simple" : "english");
    return this.parts(at);
  }

  /**
   * The parts of a hyphenated word, re-read from its start. Like Postgres, this pass does not stop
   * at the word's end: a following `-12` gives the part 12 (not the integer -12).
   */
  private parts(at: number): number {
    const bytes = this.bytes;
    let i = at;
    for (;;) {
      const c = bytes[i];
      if (isLetter(c)) {
        let end = this.scan(i + 1, LETTER);
        const isNumeric = isDigit(bytes[end]);
        if (isNumeric) end = this.scan(end, ALNUM);
        this.emit(i, end, isNumeric ? "simple" : "english");
        i = end;
      } else if (isDigit(c)) {
        const digitsEnd = this.scan(i + 1, DIGIT);
        if (!isLetter(bytes[digitsEnd])) return i;
        const end = this.scan(digitsEnd, ALNUM);
        this.emit(i, end, "simple");
        i = end;
      } else if (c === HYPHEN && isAlnum(bytes[i + 1])) i++;
      else return i;
    }
  }
}
