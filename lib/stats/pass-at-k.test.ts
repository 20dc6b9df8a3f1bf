import { describe, expect, it } from "vitest";
import { difficultyBand, passAtK, passAtKCurve, rewardVariance, summarizeRewards } from "./pass-at-k";

// Exact 1 − C(n−c, k)/C(n, k) with BigInt, an oracle independent of the product form under test.
function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}
function exactPassAtK(n: number, c: number, k: number): number {
  const scale = 10n ** 40n;
  const ratio = (binomial(n - c, k) * scale) / binomial(n, k);
  return 1 - Number(ratio) / 1e40;
}

describe("passAtK", () => {
  it("matches hand-computed values for n = 10, c = 3", () => {
    expect(passAtK(10, 3, 1)).toBeCloseTo(0.3, 14);
    expect(passAtK(10, 3, 2)).toBeCloseTo(1 - 21 / 45, 14);
    expect(passAtK(10, 3, 3)).toBeCloseTo(1 - 35 / 120, 14);
    // n − c = 7 < 8: every 8-subset holds a success.
    expect(passAtK(10, 3, 8)).toBe(1);
    expect(passAtK(10, 3, 10)).toBe(1);
  });

  it("reproduces the report example of the API contract (n = 8, passed = 2)", () => {
    expect(passAtK(8, 2, 1)).toBeCloseTo(0.25, 14);
    expect(passAtK(8, 2, 2)).toBeCloseTo(13 / 28, 14);
    expect(Number(passAtK(8, 2, 2)!.toFixed(2))).toBe(0.46);
  });

  it("is 1 at k = n whenever anything passed, and exactly 0 when nothing did", () => {
    for (let c = 1; c <= 12; c++) expect(passAtK(12, c, 12)).toBe(1);
    for (let k = 1; k <= 12; k++) expect(Object.is(passAtK(12, 0, k), 0)).toBe(true);
  });

  it("equals c/n at k = 1", () => {
    expect(passAtK(7, 5, 1)).toBeCloseTo(5 / 7, 14);
    expect(passAtK(1000, 1, 1)).toBeCloseTo(0.001, 15);
  });

  it("stays exact for large n where C(n, k) overflows a double", () => {
    // C(200, 100) ≈ 9e58 and C(2000, 500) is ~1e486, far beyond Number.MAX_VALUE.
    for (const [n, c, k] of [
      [200, 37, 50],
      [200, 1, 100],
      [200, 150, 40],
      [2000, 3, 500],
      [2000, 1000, 2],
    ]) {
      const value = passAtK(n, c, k)!;
      expect(Number.isFinite(value)).toBe(true);
      expect(Math.abs(value - exactPassAtK(n, c, k))).toBeLessThan(1e-12);
    }
  });

  it("keeps relative precision for tiny probabilities", () => {
    const value = passAtK(1_000_000, 1, 1)!;
    expect(Math.abs(value - 1e-6) / 1e-6).toBeLessThan(1e-9);
  });

  it("returns null where undefined and throws on malformed counts", () => {
    expect(passAtK(0, 0, 1)).toBeNull();
    expect(passAtK(5, 2, 6)).toBeNull();
    expect(() => passAtK(5, 6, 1)).toThrow(RangeError);
    expect(() => passAtK(5, 2, 0)).toThrow(RangeError);
    expect(() => passAtK(5.5, 2, 1)).toThrow(RangeError);
    expect(() => passAtK(5, -1, 1)).toThrow(RangeError);
    expect(() => passAtK(Number.NaN, 1, 1)).toThrow(RangeError);
  });
});

describe("passAtKCurve", () => {
  it("gives k = 1..n and agrees with passAtK for every n ≤ 40 and c", () => {
    for (let n = 1; n <= 40; n++) {
      for (let c = 0; c <= n; c++) {
        const curve = passAtKCurve(n, c);
        expect(curve.map((point) => point.k)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        for (const { k, value } of curve) expect(Math.abs(value - passAtK(n, c, k)!)).toBeLessThan(1e-12);
      }
    }
  });

  it("is non-decreasing, ends at 1 when c > 0 and is all 0 when c = 0", () => {
    const curve = passAtKCurve(200, 7).map((point) => point.value);
    for (let i = 1; i < curve.length; i++) expect(curve[i]).toBeGreaterThanOrEqual(curve[i - 1]);
    expect(curve[0]).toBeCloseTo(7 / 200, 14);
    expect(curve.at(-1)).toBe(1);
    expect(passAtKCurve(9, 0).every((point) => Object.is(point.value, 0))).toBe(true);
    expect(passAtKCurve(0, 0)).toEqual([]);
  });
});

describe("difficultyBand", () => {
  it("labels saturated at pass@1 ≥ 0.9", () => {
    expect(difficultyBand({ n: 10, passed: 9 })).toBe("saturated");
    expect(difficultyBand({ n: 10, passed: 10, passAt1: 1 })).toBe("saturated");
    expect(difficultyBand({ n: 3, passed: 3 })).toBe("saturated");
    // A mean of rewards that rounds just below 0.9 still counts as 0.9.
    expect(difficultyBand({ n: 10, passed: 9, passAt1: 0.8999999999999999 })).toBe("saturated");
  });

  it("labels learnable between no success and saturation", () => {
    expect(difficultyBand({ n: 10, passed: 8 })).toBe("learnable");
    expect(difficultyBand({ n: 8, passed: 1, passAt1: 0.125 })).toBe("learnable");
    expect(difficultyBand({ n: 2, passed: 1 })).toBe("learnable");
  });

  it("says no-signal only with at least 8 rollouts, insufficient below", () => {
    expect(difficultyBand({ n: 8, passed: 0 })).toBe("no-signal");
    expect(difficultyBand({ n: 64, passed: 0, passAt1: 0 })).toBe("no-signal");
    expect(difficultyBand({ n: 7, passed: 0 })).toBe("insufficient");
    expect(difficultyBand({ n: 0, passed: 0 })).toBe("insufficient");
  });

  it("rejects impossible counts", () => {
    expect(() => difficultyBand({ n: 4, passed: 5 })).toThrow(RangeError);
    expect(() => difficultyBand({ n: 4, passed: 2, passAt1: Number.NaN })).toThrow(RangeError);
  });
});

describe("rewardVariance", () => {
  it("is the population variance", () => {
    expect(rewardVariance([1, 0, 1, 0])).toBeCloseTo(0.25, 15);
    expect(rewardVariance([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(4, 14);
    expect(rewardVariance([0.7, 0.7, 0.7])).toBe(0);
    expect(rewardVariance([5])).toBe(0);
    expect(rewardVariance([])).toBeNull();
  });

  it("does not cancel catastrophically for large, close rewards", () => {
    // The naive E[x²] − E[x]² gives 0 or garbage here.
    expect(rewardVariance([1e9 + 1, 1e9 + 2, 1e9 + 3])).toBeCloseTo(2 / 3, 9);
  });

  it("summarizes mean, spread and range, and rejects non-finite rewards", () => {
    expect(summarizeRewards([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({
      n: 8,
      mean: 5,
      variance: 4,
      standardDeviation: 2,
      min: 2,
      max: 9,
    });
    expect(summarizeRewards([]).mean).toBeNull();
    expect(() => rewardVariance([1, Number.NaN])).toThrow(RangeError);
    expect(() => rewardVariance([1, Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
});
