import { describe, expect, it } from "vitest";
import { buildComparison, mcnemarExactPValue } from "./compare";

describe("McNemar's exact test", () => {
  it("matches hand-computed binomial tails", () => {
    expect(mcnemarExactPValue(0, 5)).toBeCloseTo(2 / 32, 12);
    expect(mcnemarExactPValue(1, 9)).toBeCloseTo((2 * 11) / 1024, 12);
    expect(mcnemarExactPValue(3, 3)).toBe(1);
    expect(mcnemarExactPValue(0, 0)).toBeNull();
  });

  it("stays finite past the point where 2^-n underflows", () => {
    const p = mcnemarExactPValue(600, 900);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-10);
    expect(mcnemarExactPValue(1000, 1000)).toBe(1);
  });
});

describe("the paired comparison", () => {
  const comparison = buildComparison({
    a: "A",
    b: "B",
    rows: [
      { task: "t1", aN: 4, aPassed: 4, bN: 4, bPassed: 0 },
      { task: "t2", aN: 4, aPassed: 2, bN: 4, bPassed: 1 },
      { task: "t3", aN: 4, aPassed: 0, bN: 2, bPassed: 2 },
      { task: "t4", aN: 4, aPassed: 3, bN: 4, bPassed: 4 },
      { task: "t5", aN: 4, aPassed: 1, bN: 4, bPassed: 0 },
      { task: "t6", aN: 4, aPassed: 4, bN: 0, bPassed: 0 },
      { task: "t7", aN: 0, aPassed: 0, bN: 3, bPassed: 3 },
    ],
  });

  it("counts tasks each model passes (at least half its rollouts) on the tasks both ran", () => {
    expect(comparison.sharedTasks).toBe(5);
    expect(comparison.onlyARan).toBe(1);
    expect(comparison.onlyBRan).toBe(1);
    expect(comparison.both).toBe(1);
    expect(comparison.aOnly).toBe(2);
    expect(comparison.bOnly).toBe(1);
    expect(comparison.neither).toBe(1);
    expect(comparison.aNotB.map((t) => t.task)).toEqual(["t1", "t2"]);
    expect(comparison.bNotA.map((t) => t.task)).toEqual(["t3"]);
    expect(comparison.aTaskPassRate).toMatchObject({ successes: 3, n: 5 });
    expect(comparison.bTaskPassRate).toMatchObject({ successes: 2, n: 5 });
    expect(comparison.mcnemar).toEqual({ discordant: 3, pValue: 1 });
    expect(comparison.meanPassAt1Difference).toBeCloseTo((1 + 0.25 - 1 - 0.25 + 0.25) / 5, 12);
  });
});
