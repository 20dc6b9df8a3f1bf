import { describe, expect, it } from "vitest";
import { type AgreementLabel, buildPairConfusion, computeAgreement } from "./agreement";

// Figures worked by hand (Cohen 1960 for kappa; Krippendorff 2011, "Computing Krippendorff's
// Alpha-Reliability", for the coincidence-matrix alpha). lib/stats has the published examples.

const label = (
  rolloutId: string,
  reviewer: string,
  verdict: string,
  categories: string[] = [],
): AgreementLabel => ({
  rolloutId,
  reviewerKey: `user:${reviewer}`,
  reviewerName: `${reviewer}@x`,
  verdict,
  categories,
});

// Ann and Ben label three items; they disagree on item 2. Cat labels items 1 and 2 only.
const LABELS = [
  label("r1", "ann", "genuine-success", ["x"]),
  label("r1", "ben", "genuine-success", ["x"]),
  label("r2", "ann", "reward-hack", ["read-answer-key"]),
  label("r2", "ben", "genuine-success"),
  label("r3", "ann", "genuine-failure"),
  label("r3", "ben", "genuine-failure"),
];

describe("queue agreement", () => {
  it("gives kappa 0.5 and alpha 12/22 for two reviewers agreeing on 2 of 3 items", () => {
    // Observed 2/3; chance (1/3·2/3) + (1/3·0) + (1/3·1/3) = 1/3 → κ = (2/3 − 1/3)/(1 − 1/3) = 0.5.
    // Alpha: n = 6 values; D_o = 2/6; D_e = 2·(3·1 + 3·2 + 1·2)/(6·5) = 22/30 → α = 1 − 10/22 = 12/22.
    const result = computeAgreement({ labels: LABELS, finals: new Map([["r2", "reward-hack"]]) });
    expect(result.labelledItems).toBe(3);
    expect(result.comparedItems).toBe(3);
    expect(result.verdicts.pairs).toHaveLength(1);
    expect(result.verdicts.pairs[0]).toMatchObject({
      raterA: "user:ann",
      raterB: "user:ben",
      nameA: "ann@x",
      n: 3,
    });
    expect(result.verdicts.pairs[0].kappa).toBeCloseTo(0.5, 10);
    expect(result.verdicts.alpha.alpha).toBeCloseTo(12 / 22, 10);
    expect(result.verdicts.agreement).toMatchObject({ successes: 2, n: 3 });
    const ann = result.reviewers.find((r) => r.key === "user:ann")!;
    const ben = result.reviewers.find((r) => r.key === "user:ben")!;
    expect(ann.agreementWithOthers).toMatchObject({ successes: 2, n: 3 });
    expect(ann.meanKappa).toBeCloseTo(0.5, 10);
    expect(ann.agreementWithFinal).toMatchObject({ successes: 1, n: 1 });
    expect(ben.agreementWithFinal).toMatchObject({ successes: 0, n: 1 });
  });

  it("scores each category as present/absent: 'x' agreed everywhere, 'read-answer-key' never", () => {
    const { categories } = computeAgreement({ labels: LABELS });
    expect(categories.map((c) => c.key)).toEqual(["read-answer-key", "x"]);
    const x = categories.find((c) => c.key === "x")!;
    // yes/yes, no/no, no/no: perfect agreement with two categories used → κ = 1, α = 1.
    expect(x.pairs[0].kappa).toBeCloseTo(1, 10);
    expect(x.alpha.alpha).toBeCloseTo(1, 10);
    const key = categories.find((c) => c.key === "read-answer-key")!;
    // no/no, yes/no, no/no: observed 2/3, chance (2/3·1)+(1/3·0) = 2/3 → κ = 0.
    expect(key.pairs[0].kappa).toBeCloseTo(0, 10);
    expect(key.agreement).toMatchObject({ successes: 2, n: 3 });
  });

  it("uses Krippendorff's alpha for three reviewers with a missing label", () => {
    const labels = [...LABELS, label("r1", "cat", "genuine-success"), label("r2", "cat", "reward-hack")];
    const result = computeAgreement({ labels });
    expect(result.verdicts.pairs.map((p) => [p.nameA, p.nameB, p.n])).toEqual([
      ["ann@x", "ben@x", 3],
      ["ann@x", "cat@x", 2],
      ["ben@x", "cat@x", 2],
    ]);
    // Coincidences (weight 1/(m − 1) per ordered pair): r1 (s,s,s) → o_ss = 3; r2 (h,s,h) → o_hs = o_sh = 1,
    // o_hh = 1; r3 (f,f) → o_ff = 2. n = 8 with n_s = 4, n_h = 2, n_f = 2. D_o = 2/8 = 0.25;
    // D_e = 2·(4·2 + 4·2 + 2·2)/(8·7) = 40/56 → α = 1 − 0.25·56/40 = 0.65.
    expect(result.verdicts.alpha.alpha).toBeCloseTo(0.65, 10);
    expect(result.comparedItems).toBe(3);
  });

  it("builds a pair's confusion matrix whose cells list their items", () => {
    const matrix = buildPairConfusion({ labels: LABELS, raterA: "user:ann", raterB: "user:ben" });
    expect(matrix.total).toBe(3);
    expect(matrix.counts["reward-hack"]["genuine-success"]).toBe(1);
    expect(matrix.refs["reward-hack"]["genuine-success"]).toEqual(["r2"]);
    expect(matrix.refs["genuine-success"]["genuine-success"]).toEqual(["r1"]);
    expect(matrix.labels.slice(0, 3)).toEqual(["genuine-success", "genuine-failure", "reward-hack"]);
    expect(matrix.accuracy).toMatchObject({ successes: 2, n: 3 });
  });
});
