import { describe, expect, it } from "vitest";
import { type CriterionScore, computeCriterionAgreement } from "./criterion-agreement";

const score = (
  rater: string,
  rolloutId: string,
  criterionKey: string,
  value: number,
  isJudge = false,
): CriterionScore => ({
  rolloutId,
  criterionKey,
  raterKey: rater,
  raterName: rater.toUpperCase(),
  isJudge,
  score: value,
});

describe("criterion agreement with judges as raters", () => {
  it("computes the judge against each reviewer and reviewers against each other (hand-computed kappa)", () => {
    // Items r1:c … r4:c. Judge 1,1,0,0; Ann 1,0,0,0 → po 3/4, pe .5·.25 + .5·.75 = .5, κ = .5.
    // Bob agrees with Ann on r1–r2 only.
    const judge = [1, 1, 0, 0].map((v, i) => score("judge:v1", `r${i + 1}`, "c", v, true));
    const ann = [1, 0, 0, 0].map((v, i) => score("user:ann", `r${i + 1}`, "c", v));
    const bob = [score("user:bob", "r1", "c", 1), score("user:bob", "r2", "c", 0)];
    const result = computeCriterionAgreement([...ann, ...judge, ...bob]);
    expect(result.scoredItems).toBe(4);
    expect(result.comparedItems).toBe(4);
    expect(result.judgeVsHuman.map((p) => [p.nameA, p.nameB, p.n])).toEqual([
      ["JUDGE:V1", "USER:ANN", 4],
      ["JUDGE:V1", "USER:BOB", 2],
    ]);
    const annPair = result.judgeVsHuman[0];
    expect(annPair.observed).toBeCloseTo(0.75, 12);
    expect(annPair.kappa).toBeCloseTo(0.5, 12);
    expect(result.others.map((p) => [p.nameA, p.nameB, p.n, p.observed])).toEqual([
      ["USER:ANN", "USER:BOB", 2, 1],
    ]);
  });

  it("keeps criteria of one rollout apart and has no pairs without overlap", () => {
    const result = computeCriterionAgreement([
      score("judge:v1", "r1", "a", 1, true),
      score("user:ann", "r1", "b", 1),
    ]);
    expect(result.scoredItems).toBe(2);
    expect(result.comparedItems).toBe(0);
    expect(result.pairs).toEqual([]);
  });
});
