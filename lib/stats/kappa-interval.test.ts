import { describe, expect, it } from "vitest";
import { cohenKappa, type LabelPair } from "./cohen-kappa";
import { kappaInterval } from "./kappa-interval";

function pairs(counts: [string, string, number][]): LabelPair[] {
  return counts.flatMap(([a, b, n]) => Array.from({ length: n }, () => [a, b] as const));
}

describe("kappaInterval", () => {
  it("matches a hand computation (Fleiss, Cohen & Everitt 1969)", () => {
    // 2×2 table [[20, 5], [10, 15]], n = 50: po = 0.7, pe = 0.5·0.6 + 0.5·0.4 = 0.5, κ = 0.4.
    // Σ pii[1 − (pi. + p.i)(1 − κ)]² = 0.4·0.34² + 0.3·0.46² = 0.10972
    // (1 − κ)² Σ pij(p.i + pj.)² = 0.36·(0.1·1.1² + 0.2·0.9²) = 0.10188
    // [κ − pe(1 − κ)]² = 0.01;  var = (0.10972 + 0.10188 − 0.01) / (50·0.25) = 0.016128
    const result = kappaInterval(
      cohenKappa(
        pairs([
          ["met", "met", 20],
          ["met", "not", 5],
          ["not", "met", 10],
          ["not", "not", 15],
        ]),
      ),
    );
    expect(result.kappa).toBeCloseTo(0.4, 12);
    expect(result.se).toBeCloseTo(Math.sqrt(0.016128), 10);
    expect(result.lower).toBeCloseTo(0.4 - 1.96 * Math.sqrt(0.016128), 10);
    expect(result.upper).toBeCloseTo(0.4 + 1.96 * Math.sqrt(0.016128), 10);
  });

  it("gives perfect agreement a zero-width interval and clips to [−1, 1]", () => {
    const perfect = kappaInterval(
      cohenKappa(
        pairs([
          ["a", "a", 10],
          ["b", "b", 10],
        ]),
      ),
    );
    expect(perfect).toMatchObject({ kappa: 1, lower: 1, upper: 1 });
    expect(perfect.se).toBeCloseTo(0, 12);
  });

  it("has no interval without a kappa", () => {
    expect(kappaInterval(cohenKappa([]))).toMatchObject({ kappa: null, lower: null, n: 0 });
    expect(kappaInterval(cohenKappa(pairs([["a", "a", 5]])))).toMatchObject({
      kappa: null,
      lower: null,
      n: 5,
    });
  });
});
