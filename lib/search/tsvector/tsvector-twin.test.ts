import { describe, expect, it } from "vitest";
import { parseDocument } from "./parse-document";
import { searchDocument } from "./search-document";
import { englishWords, tsvectorLiteral } from "./tsvector-literal";

// The rules one by one. Every expected tsvector of a document is what Postgres 15 printed for
// to_tsvector('english', <the same document>)::text; the differential db test covers the rest.

/** english_stem of these words is the word itself, except the stop words (ts_lexize gives {}). */
const STOP_WORDS = new Set(["the", "on", "of", "more", "don", "t", "it", "s", "a"]);

function toTsvector(doc: string): string | null {
  const tokens = parseDocument(doc);
  if (!tokens) return null;
  const lexemes = new Map([...englishWords(tokens)].map((w) => [w, STOP_WORDS.has(w) ? null : w]));
  return tsvectorLiteral(tokens, lexemes);
}

describe("the tsvector twin", () => {
  it("gives stop words a position but no lexeme", () => {
    expect(toTsvector("The cat sat on the mat")).toBe("'cat':2 'mat':6 'sat':3");
  });

  it("gives tags, comments and entities no position", () => {
    expect(toTsvector('see <b class="x">bold< b> <!-- note --> word &amp; more')).toBe(
      "'b':3 'bold':2 'see':1 'word':4",
    );
  });

  it("indexes a hyphenated word, then its parts, each with its own position", () => {
    expect(toTsvector("state-of-the-art foo-bar-12 ab-12c-34 x-ray-3d")).toBe(
      "'12':9 '12c':12 '34':13 '3d':17 'ab':11 'ab-12c':10 'art':5 'bar':8 'foo':7 'foo-bar':6 'ray':16 'state':2 'state-of-the-art':1 'x':15 'x-ray-3d':14",
    );
  });

  it("keeps numbers whole and lowercased: signs, exponents, words with digits", () => {
    expect(toTsvector("+5 -5e3 1E+5 12ea 0x1F 3e 7-8")).toBe(
      "'+5':1 '-5e3':2 '-8':8 '0x1f':5 '12ea':4 '1e+5':3 '3e':6 '7':7",
    );
  });

  it("splits at apostrophes and reads generics as tags", () => {
    expect(toTsvector("don't it's Vec<String> a<b && c")).toBe("'b':7 'c':8 'vec':5");
  });

  it("reads ~name right after a word as a file name", () => {
    expect(toTsvector("x~Home-dir ~user")).toBe("'user':3 'x':1 '~home-dir':2");
  });

  it("keeps the first 255 positions of a lexeme", () => {
    const positions = Array.from({ length: 255 }, (_, i) => i + 1).join(",");
    expect(toTsvector("cat ".repeat(300))).toBe(`'cat':${positions}`);
  });

  it("records every position past 16383 as 16383, once", () => {
    const literal = toTsvector(`${"w ".repeat(18_000)}zed zed`);
    expect(literal?.endsWith("'zed':16383")).toBe(true);
  });

  it("drops words of 2048 bytes and more, and refuses 2047 (the databases disagree)", () => {
    expect(toTsvector(`${"a".repeat(2048)} cat`)).toBe("'cat':1");
    expect(toTsvector(`${"a".repeat(2046)} cat`)).toBe(`'${"a".repeat(2046)}':1 'cat':2`);
    expect(toTsvector(`${"a".repeat(2047)} cat`)).toBeNull();
  });

  it("indexes nothing after a script or style tag's name (its closing tag lost its slash)", () => {
    expect(toTsvector("see <script>var x< script> done")).toBe("'see':1");
    expect(toTsvector("see <STYLE a='b' and more")).toBe("'see':1");
    expect(toTsvector("see <scripts> done")).toBe("'done':2 'see':1");
  });

  it("merges the positions of words that share a lexeme, and keeps a word's dictionaries apart", () => {
    const tokens = [
      { word: "Cats", dictionary: "english" as const },
      { word: "7", dictionary: "simple" as const },
      { word: "cat", dictionary: "english" as const },
      { word: "cats", dictionary: "english" as const },
      { word: "7", dictionary: "english" as const },
    ];
    const lexemes = new Map([
      ["cats", "cat"],
      ["cat", "cat"],
      ["7", null],
    ]);
    expect(tsvectorLiteral(tokens, lexemes)).toBe("'7':2 'cat':1,3,4");
  });

  it("gives null while an english word is missing from the lexemes, and the vector once it is there", () => {
    const tokens = [
      { word: "Cats", dictionary: "english" as const },
      { word: "dogs", dictionary: "english" as const },
    ];
    const lexemes = new Map<string, string | null>([["cats", "cat"]]);
    expect(tsvectorLiteral(tokens, lexemes)).toBeNull();
    lexemes.set("dogs", "dog");
    expect(tsvectorLiteral(tokens, lexemes)).toBe("'cat':1 'dog':2");
  });

  it("treats non-ASCII punctuation and symbols as Postgres does: like `!`", () => {
    expect(toTsvector("done ✓ — “cat” ✅ → next<b ★>")).toBe("'b':4 'cat':2 'done':1 'next':3");
  });

  it("refuses other non-ASCII text and untranslated separators", () => {
    expect(toTsvector("café")).toBeNull();
    expect(toTsvector("a\u00a0b")).toBeNull();
    expect(toTsvector("a.b")).toBeNull();
  });

  it("builds the document as the SQL does: joined by spaces, 200,000 characters, separators blanked", () => {
    expect(searchDocument("a_b.c", null, '{"path": "/x\\\\y"}')).toBe('a b c  {"path": " x  y"}');
    expect(searchDocument("x".repeat(200_005), "y", null)).toHaveLength(200_000);
    expect(searchDocument(`${"😀".repeat(199_999)}ab`, null, null)).toBe(`${"😀".repeat(199_999)}a`);
  });
});
