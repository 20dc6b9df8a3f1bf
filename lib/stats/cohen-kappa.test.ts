import { describe, expect, it } from "vitest";
import { cohenKappa, type LabelPair } from "./cohen-kappa";

function repeat(pair: LabelPair, times: number): LabelPair[] {
  return Array.from({ length: times }, () => pair);
}

describe("cohenKappa", () => {
  // Wikipedia, "Cohen's kappa", section "Simple example": 50 grant proposals, readers A and B say
  // yes/no; 20 yes–yes, 5 A-yes/B-no, 10 A-no/B-yes, 15 no–no. p_o = 0.7, p_e = 0.5, κ = 0.4.
  it("reproduces Wikipedia's 50-proposal yes/no example", () => {
    const pairs = [
      ...repeat(["Yes", "Yes"], 20),
      ...repeat(["Yes", "No"], 5),
      ...repeat(["No", "Yes"], 10),
      ...repeat(["No", "No"], 15),
    ];
    const result = cohenKappa(pairs);
    expect(result.n).toBe(50);
    expect(result.categories).toEqual(["No", "Yes"]);
    expect(result.matrix).toEqual([
      [15, 10],
      [5, 20],
    ]);
    expect(result.observed).toBeCloseTo(0.7, 14);
    expect(result.expected).toBeCloseTo(0.5, 14);
    expect(result.kappa).toBeCloseTo(0.4, 14);
  });

  // Fleiss JL, Levin B, Paik MC (2003) "Statistical Methods for Rates and Proportions", 3rd ed.,
  // ch. 18 (interrater agreement): two raters diagnose 100 subjects as psychotic, neurotic or
  // organic. p_o = 0.89, p_e = 0.66, κ = 0.23/0.34 ≈ 0.68.
  it("reproduces the Fleiss, Levin & Paik three-category example", () => {
    const cells: [string, string, number][] = [
      ["psychotic", "psychotic", 75],
      ["psychotic", "neurotic", 1],
      ["psychotic", "organic", 4],
      ["neurotic", "psychotic", 5],
      ["neurotic", "neurotic", 4],
      ["neurotic", "organic", 1],
      ["organic", "organic", 10],
    ];
    const result = cohenKappa(cells.flatMap(([a, b, count]) => repeat([a, b], count)));
    expect(result.n).toBe(100);
    expect(result.categories).toEqual(["neurotic", "organic", "psychotic"]);
    expect(result.matrix).toEqual([
      [4, 1, 5],
      [0, 10, 0],
      [1, 4, 75],
    ]);
    expect(result.observed).toBeCloseTo(0.89, 14);
    expect(result.expected).toBeCloseTo(0.66, 14);
    expect(result.kappa).toBeCloseTo(0.23 / 0.34, 12);
    expect(result.kappa!.toFixed(2)).toBe("0.68");
  });

  it("does not depend on item order", () => {
    const pairs: LabelPair[] = [
      ["a", "a"],
      ["a", "b"],
      ["b", "b"],
      ["c", "b"],
      ["c", "c"],
      ["a", "a"],
    ];
    expect(cohenKappa([...pairs].reverse())).toEqual(cohenKappa(pairs));
  });

  it("is 1 when the raters always agree over two or more categories", () => {
    const result = cohenKappa([...repeat(["hack", "hack"], 3), ...repeat(["ok", "ok"], 7)]);
    expect(result.kappa).toBe(1);
    expect(result.observed).toBe(1);
    expect(result.expected).toBeCloseTo(0.58, 14);
  });

  it("is −1 for complete disagreement with balanced marginals and 0 for disjoint labels", () => {
    const flipped = cohenKappa([...repeat(["a", "b"], 5), ...repeat(["b", "a"], 5)]);
    expect(flipped.observed).toBe(0);
    expect(flipped.expected).toBeCloseTo(0.5, 14);
    expect(flipped.kappa).toBeCloseTo(-1, 14);
    const disjoint = cohenKappa(repeat(["x", "y"], 4));
    expect(disjoint.expected).toBe(0);
    expect(disjoint.kappa).toBe(0);
  });

  it("returns null kappa for a single category and nulls for no items", () => {
    const single = cohenKappa(repeat(["pass", "pass"], 6));
    expect(single.kappa).toBeNull();
    expect(single.observed).toBe(1);
    expect(single.expected).toBe(1);
    expect(single.categories).toEqual(["pass"]);
    expect(cohenKappa([])).toEqual({
      kappa: null,
      observed: null,
      expected: null,
      n: 0,
      categories: [],
      matrix: [],
    });
  });
});
