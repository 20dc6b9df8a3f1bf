import { describe, expect, it } from "vitest";
import { type LabelsByItem, pairwiseKappa, percentAgreement } from "./agreement";
import type { LabelPair } from "./cohen-kappa";

function labels(entries: Record<string, Record<string, string | null>>): LabelsByItem {
  return new Map(Object.entries(entries).map(([item, byRater]) => [item, new Map(Object.entries(byRater))]));
}

// Three reviewers (plus one who only labelled an item nobody else did) over seven rollouts.
const queue = labels({
  i1: { ana: "pass", ben: "pass", cy: "pass" },
  i2: { ana: "hack", ben: "hack" },
  i3: { ana: "pass", ben: "hack", cy: "pass" },
  i4: { ana: "fail", cy: "fail" },
  i5: { ben: "fail", cy: "pass" },
  i6: { ana: "pass" },
  i7: { ana: "pass", ben: null },
  i8: { dee: "pass" },
});

describe("percentAgreement", () => {
  it("counts agreeing pairs as a Wilson interval (Wikipedia's Cohen's kappa example: 35 of 50)", () => {
    const pairs: LabelPair[] = [
      ...Array.from({ length: 20 }, (): LabelPair => ["Yes", "Yes"]),
      ...Array.from({ length: 5 }, (): LabelPair => ["Yes", "No"]),
      ...Array.from({ length: 10 }, (): LabelPair => ["No", "Yes"]),
      ...Array.from({ length: 15 }, (): LabelPair => ["No", "No"]),
    ];
    const result = percentAgreement(pairs);
    expect(result).toMatchObject({ successes: 35, n: 50 });
    expect(result.estimate).toBeCloseTo(0.7, 15);
    expect(result.low!).toBeLessThan(0.7);
    expect(result.high!).toBeGreaterThan(0.7);
  });

  it("counts items where every reviewer agreed, skipping items with one label", () => {
    const result = percentAgreement(queue);
    expect(result).toMatchObject({ successes: 3, n: 5 });
    expect(result.estimate).toBeCloseTo(0.6, 15);
  });

  it("is n = 0 with a null estimate when nothing is comparable", () => {
    expect(percentAgreement([]).estimate).toBeNull();
    expect(percentAgreement(labels({ a: { ana: "pass" } })).n).toBe(0);
  });
});

describe("pairwiseKappa", () => {
  const result = pairwiseKappa(queue);

  it("lists raters and one entry per pair that shares items", () => {
    expect(result.raters).toEqual(["ana", "ben", "cy", "dee"]);
    expect(result.pairs.map((pair) => [pair.raterA, pair.raterB, pair.n])).toEqual([
      ["ana", "ben", 3],
      ["ana", "cy", 3],
      ["ben", "cy", 3],
    ]);
  });

  it("computes Cohen's kappa per pair by hand", () => {
    const [anaBen, anaCy, benCy] = result.pairs;
    // ana–ben: p_o = 2/3, p_e = 1/3·2/3 + 2/3·1/3 = 4/9, κ = (2/9)/(5/9).
    expect(anaBen.observed).toBeCloseTo(2 / 3, 15);
    expect(anaBen.expected).toBeCloseTo(4 / 9, 15);
    expect(anaBen.kappa).toBeCloseTo(0.4, 14);
    expect(anaBen.matrix).toEqual([
      [1, 0],
      [1, 1],
    ]);
    // ana–cy agree on all three items across two categories.
    expect(anaCy.kappa).toBe(1);
    // ben–cy: cy always says pass, so agreement equals chance (1/3).
    expect(benCy.observed).toBeCloseTo(1 / 3, 15);
    expect(benCy.kappa).toBeCloseTo(0, 15);
  });

  it("adds nominal Krippendorff alpha over every item with two or more labels", () => {
    // n = 12 pairable values (pass 6, hack 3, fail 3); Σ o δ = 2 (i3) + 2 (i5) = 4;
    // α = 1 − 11 · 4 / (144 − 54).
    expect(result.alpha.n).toBe(12);
    expect(result.alpha.pairableUnits).toBe(5);
    expect(result.alpha.alpha).toBeCloseTo(1 - 44 / 90, 14);
    expect(result.agreement).toMatchObject({ successes: 3, n: 5 });
  });

  it("gives null kappa for a pair that only ever used one label, and handles an empty queue", () => {
    const same = pairwiseKappa(labels({ a: { x: "ok", y: "ok" }, b: { x: "ok", y: "ok" } }));
    expect(same.pairs).toHaveLength(1);
    expect(same.pairs[0]).toMatchObject({ raterA: "x", raterB: "y", n: 2, kappa: null, observed: 1 });
    expect(same.alpha.alpha).toBeNull();
    const empty = pairwiseKappa(new Map());
    expect(empty.raters).toEqual([]);
    expect(empty.pairs).toEqual([]);
    expect(empty.alpha.alpha).toBeNull();
    expect(empty.agreement.n).toBe(0);
  });
});
