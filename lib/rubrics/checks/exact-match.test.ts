import { describe, expect, it } from "vitest";
import { exactMatchConfig } from "./check-schemas";
import { evaluateExactMatch } from "./exact-match";

const config = (over: object) => exactMatchConfig.parse({ expected: "Paris", ...over });

describe("evaluateExactMatch", () => {
  it("ignores case and surrounding or repeated whitespace by default", () => {
    expect(evaluateExactMatch(config({}), "  paris \n")).toMatchObject({ passed: true, score: 1 });
    expect(evaluateExactMatch(config({ expected: "New  York" }), "new york")).toMatchObject({ passed: true });
  });

  it("respects case sensitivity and exact whitespace when asked", () => {
    expect(evaluateExactMatch(config({ caseSensitive: true }), "paris").passed).toBe(false);
    expect(evaluateExactMatch(config({ expected: "a  b", normalizeWhitespace: false }), "a b").passed).toBe(
      false,
    );
    expect(
      evaluateExactMatch(config({ expected: "a  b", normalizeWhitespace: false }), " a  b ").passed,
    ).toBe(true);
  });

  it("compares the whole response unless an extraction pattern picks the answer", () => {
    expect(evaluateExactMatch(config({}), "The answer is Paris").passed).toBe(false);
    const extracted = evaluateExactMatch(
      config({ extract: "^ANSWER:\\s*(.+)$" }),
      "Reasoning…\nANSWER: Paris\n",
    );
    expect(extracted).toEqual({ passed: true, score: 1, detail: 'Matches "Paris".' });
  });

  it("fails with a message naming what it got and expected", () => {
    const result = evaluateExactMatch(config({}), "Lyon");
    expect(result).toEqual({ passed: false, score: 0, detail: 'Got "Lyon", expected "Paris".' });
  });

  it("fails when the extraction pattern finds nothing", () => {
    const result = evaluateExactMatch(config({ extract: "ANSWER: (.+)" }), "Paris");
    expect(result.passed).toBe(false);
    expect(result.detail).toContain("extraction pattern");
  });
});
