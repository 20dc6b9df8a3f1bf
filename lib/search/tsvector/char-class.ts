// ASCII character classes as Postgres's default text-search parser sees them (C and C.UTF-8 agree
// on ASCII). One table lookup per character keeps the parser's inner loops free of regexes.

export const LETTER = 1;
export const DIGIT = 2;
/** isspace: tab, newline, vertical tab, form feed, carriage return, space. */
export const SPACE = 4;
/** Punctuation a tag may hold between its name and `>` besides letters, digits and spaces. */
export const TAG_PUNCT = 8;
export const HEX_DIGIT = 16;
/** Characters this twin refuses: non-ASCII (locale-dependent), NUL, 0x1C-0x1F (isspace differs
 * between C libraries) and the separators the document never holds after its translate. */
export const REFUSED = 32;

export const CLASS = new Uint8Array(65536);

function mark(chars: string, flag: number): void {
  for (let i = 0; i < chars.length; i++) CLASS[chars.charCodeAt(i)] |= flag;
}

for (let c = 0x80; c < 65536; c++) CLASS[c] = REFUSED;
CLASS[0] = REFUSED;
for (let c = 0x1c; c <= 0x1f; c++) CLASS[c] = REFUSED;
mark("_./\\", REFUSED);
mark("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", LETTER);
mark("0123456789", DIGIT | HEX_DIGIT);
mark("ABCDEFabcdef", HEX_DIGIT);
mark("\t\n\v\f\r ", SPACE);
mark("=-_#/:.&?%~", TAG_PUNCT);

export const ALNUM = LETTER | DIGIT;

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
