import { describe, expect, it } from "vitest";
import { JsonText, toArrayLiteral, toCopyField } from "./bulk-insert";

const literal = (...values: Parameters<typeof toArrayLiteral>[0][number]) =>
  toArrayLiteral(
    values.map((v) => [v]),
    0,
  );

describe("array literals for bulk inserts", () => {
  it("quotes every element, writes null as NULL, escapes backslashes and quotes", () => {
    expect(literal("plain", null, 42)).toBe('{"plain",NULL,"42"}');
    expect(literal('say "hi"')).toBe('{"say \\"hi\\""}');
    expect(literal("C:\\path")).toBe('{"C:\\\\path"}');
    expect(literal("NULL", "", "{a,b}")).toBe('{"NULL","","{a,b}"}');
    expect(literal("tab\tnew\nline")).toBe('{"tab\tnew\nline"}');
  });

  it("replaces NUL, which Postgres text can't hold, in text and in JSON", () => {
    expect(literal("bin\u0000ary")).toBe('{"bin\uFFFDary"}');
    expect(literal({ out: "a\u0000b" })).toBe('{"{\\"out\\":\\"a\\\\ufffdb\\"}"}');
    expect(literal(new JsonText('{"x":"\\u0000"}'))).toBe('{"{\\"x\\":\\"\\\\ufffd\\"}"}');
  });

  it("picks one column out of the rows", () => {
    expect(
      toArrayLiteral(
        [
          [1, "a"],
          [2, "b"],
        ],
        1,
      ),
    ).toBe('{"a","b"}');
  });
});

describe("COPY text fields for bulk inserts", () => {
  it("writes null as \\N and escapes backslashes, line breaks and tabs", () => {
    expect(toCopyField(null)).toBe("\\N");
    expect(toCopyField("\\N")).toBe("\\\\N");
    expect(toCopyField(42)).toBe("42");
    expect(toCopyField("a\tb\nc\rd \\ e")).toBe("a\\tb\\nc\\rd \\\\ e");
    expect(toCopyField('say "hi"')).toBe('say "hi"');
  });

  it("writes JSON once, with NUL replaced as in array literals", () => {
    expect(toCopyField({ cmd: "a\tb", out: "x\u0000y" })).toBe('{"cmd":"a\\\\tb","out":"x\\\\ufffdy"}');
    expect(toCopyField(new JsonText('{"x":"\\u0000"}'))).toBe('{"x":"\\\\ufffd"}');
    expect(toCopyField("bin\u0000ary")).toBe("bin\uFFFDary");
  });
});
