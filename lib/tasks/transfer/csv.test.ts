import { describe, expect, it } from "vitest";
import { formatCsv, parseCsv } from "./csv";

describe("parseCsv", () => {
  it("parses quoted fields with commas, doubled quotes and line breaks, and tracks record lines", () => {
    const text = 'key,prompt\r\na,"Say ""hi"", then\nstop"\nb,plain\n';
    expect(parseCsv(text)).toEqual({
      records: [
        { fields: ["key", "prompt"], line: 1 },
        { fields: ["a", 'Say "hi", then\nstop'], line: 2 },
        { fields: ["b", "plain"], line: 4 },
      ],
      error: null,
    });
  });

  it("skips blank lines, keeps empty fields, drops a BOM and reads a last line without a break", () => {
    const parsed = parseCsv("\uFEFFa,b,c\n\n1,,3\n,,\n4,5,6");
    expect(parsed.records.map((r) => [r.line, r.fields])).toEqual([
      [1, ["a", "b", "c"]],
      [3, ["1", "", "3"]],
      [4, ["", "", ""]],
      [5, ["4", "5", "6"]],
    ]);
  });

  it("reports an unclosed quote with the line it opened on", () => {
    expect(parseCsv('a,b\n1,"open\n2,3\n').error).toEqual({
      line: 2,
      message: "A quoted field is never closed.",
    });
  });

  it("round-trips what formatCsv writes, unicode included", () => {
    const rows = [
      ["key", "prompt", "tags"],
      ["t-1", 'Write "exactly" one line,\nthen stop. ✓ 日本語', " padded "],
      ["t-2", "", "a;b"],
    ];
    expect(parseCsv(formatCsv(rows)).records.map((r) => r.fields)).toEqual(rows);
  });
});
