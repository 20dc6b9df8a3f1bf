import { describe, expect, it } from "vitest";
import { type CodedValue, krippendorffAlpha } from "./krippendorff-alpha";

/** The paper prints observers as rows; the function takes units as rows. */
function transpose(byCoder: CodedValue[][]): CodedValue[][] {
  return byCoder[0].map((_, unit) => byCoder.map((coder) => coder[unit]));
}

// Krippendorff K (2011) "Computing Krippendorff's Alpha-Reliability", Annenberg School for
// Communication Departmental Papers 43 (https://repository.upenn.edu/asc_papers/43).
describe("krippendorffAlpha against Krippendorff 2011", () => {
  // Section C: 4 observers × 12 units, values 1–5, missing data; unit 12 has one value only.
  const reliabilityData = transpose([
    ["1", "2", "3", "3", "2", "1", "4", "1", "2", null, null, null],
    ["1", "2", "3", "3", "2", "2", "4", "1", "2", "5", null, "3"],
    [null, "3", "3", "3", "2", "3", "4", "2", "2", "5", "1", null],
    ["1", "2", "3", "3", "2", "4", "4", "1", "2", "5", "1", null],
  ]);

  it.each([
    ["nominal", 0.743],
    ["ordinal", 0.815],
    ["interval", 0.849],
    ["ratio", 0.797],
  ] as const)("gives the published %s alpha", (level, published) => {
    const result = krippendorffAlpha(reliabilityData, level);
    expect(result.alpha!.toFixed(3)).toBe(published.toFixed(3));
    expect(result.n).toBe(40);
    expect(result.pairableUnits).toBe(11);
  });

  it("counts the pairable values n_c of the paper (unit 12 is not pairable)", () => {
    expect(krippendorffAlpha(reliabilityData, "nominal").valueCounts).toEqual([
      { value: "1", count: 9 },
      { value: "2", count: 13 },
      { value: "3", count: 10 },
      { value: "4", count: 5 },
      { value: "5", count: 3 },
    ]);
  });

  it("gives nominal α = 1 − 39 · 8 / (1600 − 384) exactly", () => {
    // 8 = off-diagonal coincidences; 384 = 9² + 13² + 10² + 5² + 3².
    expect(krippendorffAlpha(reliabilityData, "nominal").alpha).toBeCloseTo(1 - (39 * 8) / 1216, 14);
  });

  // Section A: binary data, two observers, no missing data; α = 0.095.
  it("gives the published binary two-observer alpha", () => {
    const units = transpose([
      [0, 1, 0, 0, 0, 0, 0, 0, 1, 0],
      [1, 1, 1, 0, 0, 1, 0, 0, 0, 0],
    ]);
    const result = krippendorffAlpha(units, "nominal");
    expect(result.alpha!.toFixed(3)).toBe("0.095");
    expect(result.n).toBe(20);
  });

  // Section B: nominal data, two observers, no missing data; α = 0.692.
  it("gives the published nominal two-observer alpha", () => {
    const units = transpose([
      ["a", "a", "b", "b", "d", "c", "c", "c", "e", "d", "d", "a"],
      ["b", "a", "b", "b", "b", "c", "c", "c", "e", "d", "d", "d"],
    ]);
    expect(krippendorffAlpha(units, "nominal").alpha!.toFixed(3)).toBe("0.692");
  });

  it("uses an explicit order for ordinal labels", () => {
    const names = ["none", "low", "mid", "high", "top"];
    const named = reliabilityData.map((unit) => unit.map((v) => (v == null ? null : names[Number(v) - 1])));
    const result = krippendorffAlpha(named, "ordinal", { order: names });
    expect(result.alpha).toBeCloseTo(krippendorffAlpha(reliabilityData, "ordinal").alpha!, 14);
    expect(result.valueCounts.map((entry) => entry.value)).toEqual(names);
  });
});

describe("krippendorffAlpha edge cases", () => {
  it("matches a hand-computed interval case", () => {
    // Values 1, 2, 3, 3; D_o sum = 2·1²/1 = 2; D_e sum = 2n Σ n_c (c − 2.25)² = 8 · 2.75 = 22.
    const result = krippendorffAlpha(
      [
        [1, 2],
        [3, 3],
      ],
      "interval",
    );
    expect(result.alpha).toBeCloseTo(1 - (3 * 2) / 22, 14);
  });

  it("is unchanged by a large shift of interval values", () => {
    const units = [
      [1, 2, null],
      [3, 3, 4],
      [5, null, 6],
      [2, 2, 2],
    ];
    const shifted = units.map((unit) => unit.map((v) => (v === null ? null : v + 1e9)));
    const alpha = krippendorffAlpha(units, "interval").alpha!;
    expect(krippendorffAlpha(shifted, "interval").alpha).toBeCloseTo(alpha, 6);
  });

  it("ignores units with a single value and treats null and undefined as missing", () => {
    const base = [
      ["a", "a"],
      ["b", "a"],
      ["b", "b"],
    ];
    const padded = [...base, ["c", null, undefined], [null, null], []];
    expect(krippendorffAlpha(padded, "nominal")).toEqual(krippendorffAlpha(base, "nominal"));
  });

  it("is 1 for perfect agreement, negative for systematic disagreement", () => {
    expect(
      krippendorffAlpha(
        [
          ["x", "x", "x"],
          ["y", "y"],
        ],
        "nominal",
      ).alpha,
    ).toBe(1);
    // n = 4, Σ o δ = 4, Σ n_c n_k δ = 16 − 8: α = 1 − 3 · 4 / 8.
    expect(
      krippendorffAlpha(
        [
          ["a", "b"],
          ["b", "a"],
        ],
        "nominal",
      ).alpha,
    ).toBeCloseTo(-0.5, 14);
  });

  it("returns null alpha when undefined: no variation or nothing pairable", () => {
    const same = krippendorffAlpha(
      [
        ["ok", "ok"],
        ["ok", "ok", "ok"],
      ],
      "nominal",
    );
    expect(same.alpha).toBeNull();
    expect(same.n).toBe(5);
    const empty = krippendorffAlpha([["a"], [null, "b"]], "nominal");
    expect(empty).toEqual({
      alpha: null,
      level: "nominal",
      n: 0,
      pairableUnits: 0,
      observedDisagreement: null,
      expectedDisagreement: null,
      valueCounts: [],
    });
    expect(krippendorffAlpha([], "interval").alpha).toBeNull();
  });

  it("rejects values the level cannot measure", () => {
    expect(() => krippendorffAlpha([["a", "b"]], "interval")).toThrow(RangeError);
    expect(() => krippendorffAlpha([["low", "high"]], "ordinal")).toThrow(RangeError);
    expect(() => krippendorffAlpha([["low", "odd"]], "ordinal", { order: ["low", "high"] })).toThrow(
      RangeError,
    );
    expect(() => krippendorffAlpha([[-1, 2]], "ratio")).toThrow(RangeError);
  });
});
