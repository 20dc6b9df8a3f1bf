import { describe, expect, it } from "vitest";
import { explainRewardAboveOne, isAboveFullMarks } from "./reward-scale";

describe("rewards above 1", () => {
  it("are told apart from full marks, float noise included", () => {
    expect(isAboveFullMarks(1)).toBe(false);
    expect(isAboveFullMarks(1.0000000000000002)).toBe(false);
    expect(isAboveFullMarks(null)).toBe(false);
    expect(isAboveFullMarks(1.075)).toBe(true);
  });

  it("are explained by the scores that add up to them", () => {
    const text = explainRewardAboveOne(1.1, { correct: 1, format_bonus: 0.1 });
    expect(text).toContain("correct 1 + format_bonus 0.1 = 1.1");
  });

  it("get the general explanation when the scores don't add up, and none at or below 1", () => {
    expect(explainRewardAboveOne(1.075, { correct: 1 })).toMatch(/^Above 1: this grader's scale goes past 1/);
    expect(explainRewardAboveOne(1.075, null)).toMatch(/bonus criteria/);
    expect(explainRewardAboveOne(1, { a: 0.5, b: 0.5 })).toBeNull();
    expect(explainRewardAboveOne(0.4)).toBeNull();
  });
});
