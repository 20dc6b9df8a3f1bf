import { describe, expect, it } from "vitest";
import { buildCriterionAgreement, buildRobustnessSection } from "./robustness";
import type { DrillRollout } from "./robustness-query";

const rollouts = (count: number, prefix: string): DrillRollout[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}-${i}`, task: "t", model: "m", reward: 1 }));

describe("the robustness section", () => {
  const section = buildRobustnessSection(
    [
      { verdict: "genuine-success", rewardPass: true, count: 6, rollouts: rollouts(6, "gs") },
      { verdict: "reward-hack", rewardPass: true, count: 2, rollouts: rollouts(2, "hack") },
      { verdict: "genuine-failure", rewardPass: true, count: 1, rollouts: rollouts(1, "gf-pass") },
      { verdict: "grader-false-negative", rewardPass: false, count: 1, rollouts: rollouts(1, "gfn") },
      { verdict: "genuine-success", rewardPass: false, count: 1, rollouts: rollouts(1, "gs-fail") },
      { verdict: "genuine-failure", rewardPass: false, count: 5, rollouts: rollouts(5, "gf") },
      { verdict: "unclear", rewardPass: true, count: 2, rollouts: [] },
      { verdict: null, rewardPass: false, count: 3, rollouts: [] },
    ],
    [],
  );

  it("builds the reward × human matrix from final verdicts, leaving unclear and disputed out", () => {
    expect(section.counts).toEqual({ tp: 6, fp: 3, fn: 2, tn: 5 });
    expect(section.labelled).toBe(21);
    expect(section.judged).toBe(16);
    expect(section.unclear).toBe(2);
    expect(section.disputed).toBe(3);
    const fn = section.cells.find((c) => c.reward === "fail" && c.human === "genuine");
    expect(fn?.rollouts.map((r) => r.id)).toEqual(["gfn-0", "gs-fail-0"]);
  });

  it("gives every rate with its n and a Wilson interval", () => {
    expect(section.rewardPrecision).toMatchObject({ successes: 6, n: 9 });
    expect(section.rewardPrecision.low).toBeCloseTo(0.3542, 3);
    expect(section.rewardPrecision.high).toBeCloseTo(0.8794, 3);
    expect(section.hackRateAmongRewarded).toMatchObject({ successes: 2, n: 9 });
    expect(section.graderFalseNegativeRate).toMatchObject({ successes: 2, n: 8, estimate: 0.25 });
    expect(section.accuracy).toMatchObject({ successes: 11, n: 16 });
    expect(section.verdicts.find((v) => v.verdict === "genuine-failure")).toEqual({
      verdict: "genuine-failure",
      rewardPass: 1,
      rewardFail: 5,
    });
    expect(section.verdicts.find((v) => v.verdict === "disputed")).toEqual({
      verdict: "disputed",
      rewardPass: 0,
      rewardFail: 3,
    });
  });
});

describe("judge against human per criterion", () => {
  it("computes agreement and Cohen's kappa from the grouped pairs", () => {
    // 20 pairs: both met 8, judge only 2, human only 3, neither 7. po = 0.75; pe = 0.5·0.55 + 0.5·0.45 = 0.5; κ = 0.5.
    const [row] = buildCriterionAgreement([
      { criterion: "c", judgeMet: true, humanMet: true, count: 8, rollouts: [] },
      { criterion: "c", judgeMet: true, humanMet: false, count: 2, rollouts: rollouts(2, "j") },
      { criterion: "c", judgeMet: false, humanMet: true, count: 3, rollouts: [] },
      { criterion: "c", judgeMet: false, humanMet: false, count: 7, rollouts: [] },
    ]);
    expect(row.n).toBe(20);
    expect(row.agreement).toMatchObject({ successes: 15, n: 20, estimate: 0.75 });
    expect(row.kappa).toBeCloseTo(0.5, 12);
    expect(row.cells.map((c) => c.count)).toEqual([8, 2, 3, 7]);
    expect(row.cells[1].rollouts).toHaveLength(2);
  });
});
