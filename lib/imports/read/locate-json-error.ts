// Finds where JSON goes wrong when V8's message gives no position ("Unexpected token 'x', ...").
// Only runs on records that already failed to parse; nesting was bounded by `parseJson` first.

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ["true", "false", "null", "NaN", "Infinity", "-Infinity"];

/** The 0-based offset of the first syntax error, or -1 when the text is valid (Python tokens allowed). */
export function locateJsonError(text: string): number {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r"))
      i += 1;
  };
  const readString = (): boolean => {
    i += 1;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i += 1;
        return true;
      }
      if (code < 0x20) return false;
      i += code === 0x5c ? 2 : 1;
    }
    return false;
  };
  const readValue = (): boolean => {
    skipSpace();
    const char = text[i];
    if (char === "{" || char === "[") return readContainer(char === "{" ? "}" : "]", char === "{");
    if (char === '"') return readString();
    const literal = LITERALS.find((word) => text.startsWith(word, i));
    if (literal) {
      i += literal.length;
      return true;
    }
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) {
      i = NUMBER.lastIndex;
      return true;
    }
    return false;
  };
  const readContainer = (close: string, isObject: boolean): boolean => {
    i += 1;
    skipSpace();
    if (text[i] === close) {
      i += 1;
      return true;
    }
    for (;;) {
      skipSpace();
      if (isObject) {
        if (text[i] !== '"' || !readString()) return false;
        skipSpace();
        if (text[i] !== ":") return false;
        i += 1;
      }
      if (!readValue()) return false;
      skipSpace();
      if (text[i] === ",") i += 1;
      else if (text[i] === close) {
        i += 1;
        return true;
      } else return false;
    }
  };
  const isValid = readValue();
  skipSpace();
  return isValid && i === text.length ? -1 : Math.min(i, text.length);
}
