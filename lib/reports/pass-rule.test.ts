import { describe, expect, it } from "vitest";
import { getPassBar, isPassingReward } from "./pass-rule";

const task = (
  scoringMode: "threshold" | "continuous" | "improvement",
  scoringThreshold: number | null,
  bestKnownScore: number | null = null,
) => ({
  scoringMode,
  scoringThreshold,
  bestKnownScore,
});

describe("the pass rule", () => {
  it("threshold tasks pass at or above their threshold", () => {
    const t = task("threshold", 0.7);
    expect(getPassBar(t)).toBe(0.7);
    expect(isPassingReward(t, 0.7)).toBe(true);
    expect(isPassingReward(t, 0.6999999999999998)).toBe(true);
    expect(isPassingReward(t, 0.69)).toBe(false);
    expect(isPassingReward(t, 1)).toBe(true);
  });

  it("continuous tasks use the threshold when set, else full marks", () => {
    expect(isPassingReward(task("continuous", 0.5), 0.5)).toBe(true);
    expect(isPassingReward(task("continuous", 0.5), 0.49)).toBe(false);
    expect(getPassBar(task("continuous", null))).toBe(1);
    expect(isPassingReward(task("continuous", null), 0.99)).toBe(false);
    expect(isPassingReward(task("continuous", null), 1)).toBe(true);
  });

  it("improvement tasks use the threshold, else the best known score, else 1", () => {
    expect(getPassBar(task("improvement", 0.4, 0.9))).toBe(0.4);
    expect(getPassBar(task("improvement", null, 37.5))).toBe(37.5);
    expect(isPassingReward(task("improvement", null, 37.5), 37.5)).toBe(true);
    expect(isPassingReward(task("improvement", null, 37.5), 37)).toBe(false);
    expect(getPassBar(task("improvement", null, null))).toBe(1);
  });

  it("a threshold task without a threshold needs full marks; a missing reward never passes", () => {
    expect(getPassBar(task("threshold", null))).toBe(1);
    expect(isPassingReward(task("threshold", 0), null)).toBe(false);
    expect(isPassingReward(task("threshold", 0), Number.NaN)).toBe(false);
    expect(isPassingReward(task("threshold", 0), 0)).toBe(true);
  });
});
