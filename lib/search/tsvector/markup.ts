import {
  ALNUM,
  BANG,
  CLASS,
  COLON,
  DIGIT,
  DOUBLE_QUOTE,
  GREATER,
  HASH,
  HEX_DIGIT,
  HYPHEN,
  LETTER,
  QUESTION,
  QUOTE,
  SEMICOLON,
  SPACE,
  TAG_PUNCT,
} from "./char-class";

// What the default parser makes of `<`, `&` and `~` where a token may start: an XML tag or comment,
// an XML entity, or a `~` file name. `bytes` is the document (ASCII) followed by zeros, `doc` the
// same text as a string. Each returns where the construct ends, or NOT_FOUND when the parser gives
// up there (the character then starts a blank).

export const NOT_FOUND = -1;
/** A tag named script or style (followed by a space or `>`): Postgres blanks all text after it. */
export const SCRIPT_OR_STYLE = -2;

/** The end of the tag or comment starting at `<` (index `at`). */
export function tagEnd(bytes: Uint8Array, doc: string, at: number): number {
  const first = bytes[at + 1];
  if (first === BANG) {
    const second = bytes[at + 2];
    if (second === HYPHEN) {
      if (bytes[at + 3] !== HYPHEN) return NOT_FOUND;
      const close = doc.indexOf("-->", at + 4);
      return close < 0 ? NOT_FOUND : close + 3;
    }
    // <!DOCTYPE ...>
    return second === 0x44 || second === 0x64 ? tagBodyEnd(bytes, doc, at + 3) : NOT_FOUND;
  }
  // <?xml ...> (only the x is checked)
  if (first === QUESTION) return bytes[at + 2] === 0x78 ? tagBodyEnd(bytes, doc, at + 3) : NOT_FOUND;
  if (!(CLASS[first] & LETTER) && first !== COLON) return NOT_FOUND;
  let i = at + 2;
  for (;;) {
    const c = bytes[i];
    if (CLASS[c] & ALNUM || c === COLON || c === HYPHEN) i++;
    else if (c === GREATER || CLASS[c] & SPACE) {
      if (isScriptOrStyle(doc, at + 1, i)) return SCRIPT_OR_STYLE;
      return c === GREATER ? i + 1 : tagBodyEnd(bytes, doc, i + 1);
    } else return NOT_FOUND;
  }
}

function isScriptOrStyle(doc: string, from: number, to: number): boolean {
  const length = to - from;
  if (length !== 6 && length !== 5) return false;
  const name = doc.slice(from, to).toLowerCase();
  return name === "script" || name === "style";
}

/** After a tag's name: attributes, quoted values, up to `>`. */
function tagBodyEnd(bytes: Uint8Array, doc: string, from: number): number {
  let i = from;
  for (;;) {
    const c = bytes[i];
    if (c === GREATER) return i + 1;
    if (c === QUOTE || c === DOUBLE_QUOTE) {
      const close = doc.indexOf(c === QUOTE ? "'" : '"', i + 1);
      if (close < 0) return NOT_FOUND;
      i = close + 1;
    } else if (CLASS[c] & (ALNUM | SPACE | TAG_PUNCT)) i++;
    else return NOT_FOUND;
  }
}

/** The end of the entity starting at `&`: `&name;`, `&#123;`, `&#x1F;`. */
export function entityEnd(bytes: Uint8Array, at: number): number {
  let i = at + 1;
  const first = bytes[i];
  if (first === HASH) {
    i++;
    const c = bytes[i];
    let allowed = DIGIT;
    if (c === 0x78 || c === 0x58) {
      i++;
      allowed = HEX_DIGIT;
    }
    if (!(CLASS[bytes[i]] & allowed)) return NOT_FOUND;
    i++;
    while (CLASS[bytes[i]] & allowed) i++;
  } else {
    if (!(CLASS[first] & LETTER) && first !== COLON) return NOT_FOUND;
    i++;
    for (;;) {
      const c = bytes[i];
      if (CLASS[c] & ALNUM || c === COLON || c === HYPHEN) i++;
      else break;
    }
  }
  return bytes[i] === SEMICOLON ? i + 1 : NOT_FOUND;
}

/** The end of a file name starting at `~` (letters, digits and hyphens after it). */
export function fileEnd(bytes: Uint8Array, at: number): number {
  if (!(CLASS[bytes[at + 1]] & ALNUM)) return NOT_FOUND;
  let i = at + 2;
  while (CLASS[bytes[i]] & ALNUM || bytes[i] === HYPHEN) i++;
  return i;
}
