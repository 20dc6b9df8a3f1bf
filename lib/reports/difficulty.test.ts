import { describe, expect, it } from "vitest";
import { buildDifficultyItem, buildDifficultySection } from "./difficulty";

const group = (task: string, model: string, n: number, passed: number, meanReward = passed / n) => ({
  task,
  model,
  n,
  passed,
  meanReward,
  rewardVariance: 0,
});

describe("difficulty items", () => {
  it("computes pass@k with the unbiased estimator, the gap at k and the band", () => {
    const item = buildDifficultyItem(group("t1", "m", 8, 2), 2);
    expect(item.passAt1).toBe(0.25);
    // 1 − C(6,2)/C(8,2) = 1 − 15/28
    expect(item.passAtK["2"]).toBeCloseTo(13 / 28, 12);
    // 1 − C(6,4)/C(8,4) = 1 − 15/70
    expect(item.passAtK["4"]).toBeCloseTo(55 / 70, 12);
    expect(item.passAtK["7"]).toBe(1);
    expect(Object.keys(item.passAtK)).toHaveLength(8);
    expect(item.gap).toBeCloseTo(13 / 28 - 0.25, 12);
    expect(item.band).toBe("learnable");
    expect(item.passRate.n).toBe(8);
    expect(item.passRate.low).toBeCloseTo(0.0715, 3);
    expect(item.passRate.high).toBeCloseTo(0.5907, 3);
  });

  it("caps the curve at k = 64 and leaves the gap null when n < k", () => {
    const big = buildDifficultyItem(group("t", "m", 100, 10), 8);
    expect(Object.keys(big.passAtK)).toHaveLength(64);
    expect(big.passAtK["65"]).toBeUndefined();
    expect(buildDifficultyItem(group("t", "m", 4, 1), 8).gap).toBeNull();
  });

  it("bands: saturated at pass@1 ≥ 0.9, no signal at 0 of ≥ 8, insufficient at 0 of < 8", () => {
    expect(buildDifficultyItem(group("t", "m", 10, 9), 8).band).toBe("saturated");
    expect(buildDifficultyItem(group("t", "m", 10, 8), 8).band).toBe("learnable");
    expect(buildDifficultyItem(group("t", "m", 8, 0), 8).band).toBe("no-signal");
    expect(buildDifficultyItem(group("t", "m", 7, 0), 8).band).toBe("insufficient");
  });
});

describe("the difficulty section", () => {
  const section = buildDifficultySection(
    [
      group("a", "m1", 4, 4, 1),
      group("b", "m1", 4, 0, 0.2),
      group("a", "m2", 2, 1, 0.5),
      group("b", "m2", 4, 2, 0.5),
    ],
    2,
  );

  it("pools each model's rollouts and ranks the best model first", () => {
    expect(section.models.map((m) => m.model)).toEqual(["m1", "m2"]);
    const [m1, m2] = section.models;
    expect(m1.n).toBe(8);
    expect(m1.passed).toBe(4);
    expect(m1.passRate.estimate).toBe(0.5);
    expect(m1.meanReward).toBeCloseTo(0.6, 12);
    expect(m2.passRate.estimate).toBe(0.5);
    expect(m2.n).toBe(6);
    expect(m1.bands).toEqual({ saturated: 1, learnable: 0, "no-signal": 0, insufficient: 1 });
    expect(section.bands).toEqual({ saturated: 1, learnable: 2, "no-signal": 0, insufficient: 1 });
  });

  it("averages pass@k over the tasks with at least k rollouts", () => {
    const m2 = section.models[1];
    // k = 1: (0.5 + 0.5) / 2; k = 2: (1 + (1 − C(2,2)/C(4,2))) / 2 = (1 + 5/6) / 2; k = 3, 4: task b only.
    expect(m2.curve.map((p) => p.tasks)).toEqual([2, 2, 1, 1]);
    expect(m2.curve[0].value).toBe(0.5);
    expect(m2.curve[1].value).toBeCloseTo((1 + 5 / 6) / 2, 12);
    expect(m2.curve[3].value).toBe(1);
    expect(m2.gap.tasks).toBe(2);
    expect(m2.gap.value).toBeCloseTo((0.5 + (5 / 6 - 0.5)) / 2, 12);
  });
});
