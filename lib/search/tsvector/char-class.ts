// ASCII character classes as Postgres's default text-search parser sees them (C and C.UTF-8 agree
// on ASCII). The parser reads the document as bytes, one table lookup per byte.

export const LETTER = 1;
export const DIGIT = 2;
/** isspace: tab, newline, vertical tab, form feed, carriage return, space. */
export const SPACE = 4;
/** Punctuation a tag may hold between its name and `>` besides letters, digits and spaces. */
export const TAG_PUNCT = 8;
export const HEX_DIGIT = 16;
export const ALNUM = LETTER | DIGIT;
/** Characters that end a blank: where the parser looks for a token again (`~` is not one). */
export const ENDS_BLANK = 32;

/** Byte 0 has no class: the parser puts zeros after the document, where Postgres sees its end. */
export const CLASS = new Uint8Array(256);

function mark(chars: string, flag: number): void {
  for (let i = 0; i < chars.length; i++) CLASS[chars.charCodeAt(i)] |= flag;
}

mark("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", LETTER);
mark("0123456789", DIGIT | HEX_DIGIT);
mark("ABCDEFabcdef", HEX_DIGIT);
mark("\t\n\v\f\r ", SPACE);
mark("=-_#/:.&?%~", TAG_PUNCT);
mark("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789<-+&", ENDS_BLANK);

/**
 * ASCII the twin refuses: NUL, 0x1C-0x1F (isspace differs between C libraries) and the separators
 * `_ . / \` the document never holds.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
export const REFUSED_ASCII = /[\0\x1c-\x1f./\\_]/;
export const NON_ASCII = /[^\0-\x7f]/;
/**
 * Non-ASCII the twin refuses: all but punctuation and symbols (quotes, dashes, arrows, check marks,
 * box drawing, emoji), which both databases' locales class as neither letter, digit nor space, so
 * the parser treats them as it treats `!` (checked for many of them in the differential test).
 * Letters, marks, spaces and format characters (zero-width joiners) depend on the locale.
 */
export const REFUSED_NON_ASCII = /[^\0-\x7f\p{P}\p{S}]|(?![\0-\x7f])\p{Alphabetic}/u;
/** The byte a non-ASCII punctuation or symbol becomes: a character of no class, like `!`. */
export const OTHER_BYTE = 0x01;

export const HYPHEN = 0x2d;
export const PLUS = 0x2b;
export const LESS = 0x3c;
export const GREATER = 0x3e;
export const AMPERSAND = 0x26;
export const TILDE = 0x7e;
export const COLON = 0x3a;
export const SEMICOLON = 0x3b;
export const HASH = 0x23;
export const BANG = 0x21;
export const QUESTION = 0x3f;
export const QUOTE = 0x27;
export const DOUBLE_QUOTE = 0x22;
