import { describe, expect, it } from "vitest";
import { binaryRates, collapseToBinary, confusionMatrix } from "./confusion-matrix";

// Reviewer verdict (actual) against what the grader's reward implied (predicted), one rollout each.
const items = [
  { actual: "pass", predicted: "pass", ref: "r1" },
  { actual: "pass", predicted: "fail", ref: "r2" },
  { actual: "fail", predicted: "fail", ref: "r3" },
  { actual: "hack", predicted: "pass", ref: "r4" },
  { actual: "pass", predicted: "pass", ref: "r5" },
  { actual: "hack", predicted: "pass", ref: "r6" },
  { actual: "fail", predicted: "pass", ref: "r7" },
];

describe("confusionMatrix", () => {
  it("counts cells and keeps the refs of each cell for drill-down", () => {
    const result = confusionMatrix(items);
    expect(result.labels).toEqual(["fail", "hack", "pass"]);
    expect(result.counts.hack.pass).toBe(2);
    expect(result.counts.pass.pass).toBe(2);
    expect(result.counts.pass.fail).toBe(1);
    expect(result.counts.hack.hack).toBe(0);
    expect(result.refs.hack.pass).toEqual(["r4", "r6"]);
    expect(result.refs.fail.pass).toEqual(["r7"]);
    expect(result.refs.fail.hack).toEqual([]);
    expect(result.matrix).toEqual([
      [1, 0, 1],
      [0, 0, 2],
      [1, 0, 2],
    ]);
    expect(result.total).toBe(7);
    expect(result.accuracy.successes).toBe(3);
    expect(result.accuracy.n).toBe(7);
    expect(result.accuracy.estimate).toBeCloseTo(3 / 7, 15);
  });

  it("puts given labels first, keeps empty ones, and appends unseen labels sorted", () => {
    const result = confusionMatrix(items, { labels: ["pass", "unclear", "fail"] });
    expect(result.labels).toEqual(["pass", "unclear", "fail", "hack"]);
    expect(result.counts.unclear).toEqual({ pass: 0, unclear: 0, fail: 0, hack: 0 });
    expect(result.matrix[0]).toEqual([2, 0, 1, 0]);
  });

  it("keeps any string as a label, including object-prototype names", () => {
    const result = confusionMatrix([
      { actual: "__proto__", predicted: "constructor", ref: 1 },
      { actual: "__proto__", predicted: "__proto__", ref: 2 },
    ]);
    const proto = "__proto__";
    expect(result.labels).toEqual(["__proto__", "constructor"]);
    expect(result.counts[proto].constructor).toBe(1);
    expect(result.counts[proto][proto]).toBe(1);
    expect(result.refs[proto].constructor).toEqual([1]);
    expect(Object.keys(result.counts)).toEqual(["__proto__", "constructor"]);
  });

  it("handles no items", () => {
    const result = confusionMatrix([]);
    expect(result.labels).toEqual([]);
    expect(result.matrix).toEqual([]);
    expect(result.total).toBe(0);
    expect(result.accuracy.estimate).toBeNull();
  });

  it("collapses to one-vs-rest counts", () => {
    const matrix = confusionMatrix(items);
    expect(collapseToBinary(matrix, "pass")).toEqual({ tp: 2, fp: 3, fn: 1, tn: 1 });
    expect(collapseToBinary(matrix, "hack")).toEqual({ tp: 0, fp: 0, fn: 2, tn: 5 });
    expect(collapseToBinary(matrix, "missing")).toEqual({ tp: 0, fp: 0, fn: 0, tn: 7 });
  });
});

describe("binaryRates", () => {
  it("gives every rate as a Wilson interval with its own n", () => {
    // recall 81/263 and false-positive rate 15/148 are Newcombe 1998's Table II examples.
    const rates = binaryRates({ tp: 81, fp: 15, fn: 182, tn: 133 });
    expect(rates.recall).toMatchObject({ successes: 81, n: 263 });
    expect(rates.recall.low).toBeCloseTo(0.2553, 4);
    expect(rates.recall.high).toBeCloseTo(0.3662, 4);
    expect(rates.falsePositiveRate).toMatchObject({ successes: 15, n: 148 });
    expect(rates.falsePositiveRate.low).toBeCloseTo(0.0624, 4);
    expect(rates.falsePositiveRate.high).toBeCloseTo(0.1605, 4);
    expect(rates.falseNegativeRate).toMatchObject({ successes: 182, n: 263 });
    expect(rates.falseNegativeRate.low).toBeCloseTo(1 - 0.3662, 4);
    expect(rates.precision).toMatchObject({ successes: 81, n: 96 });
    expect(rates.specificity).toMatchObject({ successes: 133, n: 148 });
    expect(rates.negativePredictiveValue).toMatchObject({ successes: 133, n: 315 });
    expect(rates.falseDiscoveryRate).toMatchObject({ successes: 15, n: 96 });
    expect(rates.accuracy).toMatchObject({ successes: 214, n: 411 });
    expect(rates.prevalence).toMatchObject({ successes: 263, n: 411 });
    expect(rates.total).toBe(411);
    expect(rates.precision.estimate).toBeCloseTo(81 / 96, 15);
  });

  it("reports n = 0 and null estimates for empty denominators", () => {
    const rates = binaryRates({ tp: 0, fp: 0, fn: 0, tn: 4 });
    expect(rates.precision).toEqual({ estimate: null, low: null, high: null, successes: 0, n: 0 });
    expect(rates.recall.n).toBe(0);
    expect(rates.specificity).toMatchObject({ estimate: 1, high: 1, n: 4 });
  });

  it("honours z and rejects bad counts", () => {
    const wide = binaryRates({ tp: 5, fp: 5, fn: 5, tn: 5 }, { z: 2.5758 });
    const normal = binaryRates({ tp: 5, fp: 5, fn: 5, tn: 5 });
    expect(wide.precision.low!).toBeLessThan(normal.precision.low!);
    expect(() => binaryRates({ tp: -1, fp: 0, fn: 0, tn: 0 })).toThrow(RangeError);
    expect(() => binaryRates({ tp: 0.5, fp: 0, fn: 0, tn: 0 })).toThrow(RangeError);
  });
});
