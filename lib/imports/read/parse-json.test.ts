import { describe, expect, it } from "vitest";
import { describePosition, ImportRecordError, parseJson } from "./parse-json";

const limits = { maxJsonDepth: 10 };

function captureError(run: () => unknown): ImportRecordError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportRecordError) return error;
    throw error;
  }
  throw new Error("expected an ImportRecordError");
}

describe("parseJson", () => {
  it("parses plain JSON", () => {
    expect(parseJson('{"a": [1, 2, {"b": "c"}]}', limits)).toEqual({ a: [1, 2, { b: "c" }] });
  });

  it("maps Python NaN, Infinity and -Infinity outside strings to null", () => {
    const value = parseJson('{"mean": NaN, "max": Infinity, "min": -Infinity, "list": [1, NaN]}', limits);
    expect(value).toEqual({ mean: null, max: null, min: null, list: [1, null] });
  });

  it("leaves the same words inside strings alone, escaped quotes included", () => {
    const value = parseJson('{"text": "NaN and \\"Infinity\\" -Infinity", "n": NaN}', limits);
    expect(value).toEqual({ text: 'NaN and "Infinity" -Infinity', n: null });
  });

  it("refuses nesting deeper than maxJsonDepth and names the position", () => {
    const deep = `${"[".repeat(11)}${"]".repeat(11)}`;
    const error = captureError(() => parseJson(deep, limits));
    expect(error.message).toBe("JSON nesting deeper than 10 levels at line 1, column 11 (position 10)");
    expect(error.position).toBe(10);
    expect(parseJson(`${"[".repeat(10)}${"]".repeat(10)}`, limits)).toHaveLength(1);
  });

  it("ignores brackets inside strings when counting depth", () => {
    expect(parseJson(`{"a": "${"[".repeat(50)}"}`, limits)).toEqual({ a: "[".repeat(50) });
  });

  it("reports truncated JSON with its end position", () => {
    const error = captureError(() => parseJson('{"a": [1, 2', limits));
    expect(error.message).toBe(
      "malformed JSON: unexpected end of JSON (the record looks truncated) at line 1, column 12 (position 11)",
    );
  });

  it("reports a syntax error with line and column, mapped back through NaN replacements", () => {
    const error = captureError(() => parseJson('{"a": NaN,\n "b": }', limits));
    expect(error.message).toMatch(/^malformed JSON: .+ at line 2, column 7 \(position 17\)$/);
    expect(error.position).toBe(17);
  });

  it("says so when the record is empty", () => {
    expect(captureError(() => parseJson("  ", limits)).message).toBe(
      "empty record: expected JSON, found nothing",
    );
  });

  it("accepts a leading byte-order mark", () => {
    expect(parseJson('\uFEFF{"a": 1}', limits)).toEqual({ a: 1 });
  });
});

describe("describePosition", () => {
  it("counts lines and columns from 1", () => {
    expect(describePosition("ab\ncd\nef", 7)).toBe("at line 3, column 2 (position 7)");
  });
});
