import { describe, expect, it } from "vitest";
import { correctedRate, correctRate } from "./corrected-rate";
import { wilsonInterval } from "./wilson";

describe("correctRate (Rogan–Gladen)", () => {
  it("undoes a known sensitivity and specificity", () => {
    // A true rate of 10% seen by a scanner with sensitivity 0.8 and specificity 0.9:
    // observed = 0.1 × 0.8 + 0.9 × 0.1 = 0.17.
    expect(correctRate(0.17, 0.8, 0.9)).toBeCloseTo(0.1, 12);
    expect(correctRate(0.2, 0.8, 0.9)).toBeCloseTo(0.1 / 0.7, 12);
  });

  it("leaves a perfect scanner's rate alone and clamps to [0, 1]", () => {
    expect(correctRate(0.25, 1, 1)).toBeCloseTo(0.25, 12);
    expect(correctRate(0.05, 0.9, 0.9)).toBe(0);
    expect(correctRate(0.99, 0.9, 0.95)).toBe(1);
  });

  it("refuses a scanner no better than chance", () => {
    expect(correctRate(0.3, 0.5, 0.5)).toBeNull();
    expect(correctRate(0.3, 0.4, 0.5)).toBeNull();
  });
});

describe("correctedRate", () => {
  const error = { truePositives: 40, positives: 50, trueNegatives: 180, negatives: 200 };

  it("gives the corrected estimate with an interval around it, wider than the raw one", () => {
    const r = correctedRate({ positives: 40, n: 200 }, error);
    expect(r.reason).toBeNull();
    expect(r.estimate).toBeCloseTo((0.2 + 0.9 - 1) / (0.8 + 0.9 - 1), 12);
    const low = r.low as number;
    const high = r.high as number;
    expect(low).toBeLessThanOrEqual(r.estimate as number);
    expect(high).toBeGreaterThanOrEqual(r.estimate as number);
    const raw = wilsonInterval(40, 200);
    expect(high - low).toBeGreaterThan((raw.high as number) - (raw.low as number));
    expect(r.observed).toEqual(raw);
    expect(r.sensitivity.estimate).toBeCloseTo(0.8, 12);
    expect(r.specificity.estimate).toBeCloseTo(0.9, 12);
  });

  it("its interval covers the true rate in most simulated samples", () => {
    // Seeded simulation: true rate 0.15, sensitivity 0.85, specificity 0.92.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const count = (n: number, p: number) => Array.from({ length: n }).filter(() => random() < p).length;
    let covered = 0;
    const trials = 400;
    for (let i = 0; i < trials; i++) {
      const observedP = 0.15 * 0.85 + 0.85 * 0.08;
      const r = correctedRate(
        { positives: count(300, observedP), n: 300 },
        {
          truePositives: count(60, 0.85),
          positives: 60,
          trueNegatives: count(120, 0.92),
          negatives: 120,
        },
      );
      if (r.low !== null && r.high !== null && r.low <= 0.15 && 0.15 <= r.high) covered++;
    }
    expect(covered / trials).toBeGreaterThanOrEqual(0.95);
  });

  it("says why when the error is not measured or the flags carry no information", () => {
    expect(correctedRate({ positives: 0, n: 0 }, error).reason).toMatch(/nothing was scanned/);
    const unmeasured = correctedRate(
      { positives: 3, n: 10 },
      { truePositives: 0, positives: 0, trueNegatives: 5, negatives: 5 },
    );
    expect(unmeasured.estimate).toBeNull();
    expect(unmeasured.reason).toMatch(/not measured/);
    const chance = correctedRate(
      { positives: 3, n: 10 },
      { truePositives: 1, positives: 2, trueNegatives: 1, negatives: 2 },
    );
    expect(chance.estimate).toBeNull();
    expect(chance.reason).toMatch(/say nothing/);
  });

  it("widens to [0, 1] when the flags could be uninformative within the intervals", () => {
    const r = correctedRate(
      { positives: 6, n: 20 },
      { truePositives: 3, positives: 4, trueNegatives: 3, negatives: 4 },
    );
    expect(r.estimate).not.toBeNull();
    expect(r.low).toBe(0);
    expect(r.high).toBe(1);
  });
});
