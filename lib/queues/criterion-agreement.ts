import { pairwiseKappa } from "@/lib/stats";
import type { AgreementBlock, PairFigures } from "./agreement";

// Agreement on rubric criterion scores, where an LLM judge is a rater like any reviewer (issue #12):
// each item is one criterion of one rollout, each rater's value its score on that criterion, and
// Cohen's kappa is computed for every pair of raters sharing items: judge against each reviewer,
// and reviewers against each other. Pure: the loader gathers reviewers' and judges' scores.

export type CriterionScore = {
  rolloutId: string;
  criterionKey: string;
  raterKey: string;
  raterName: string;
  isJudge: boolean;
  score: number;
};

export type CriterionAgreement = AgreementBlock & {
  /** Rollout × criterion items scored by at least one rater / by two or more. */
  scoredItems: number;
  comparedItems: number;
  /** Pairs of one judge and one reviewer. */
  judgeVsHuman: PairFigures[];
  /** Pairs of two reviewers (or two judges). */
  others: PairFigures[];
};

export function computeCriterionAgreement(scores: readonly CriterionScore[]): CriterionAgreement {
  const names = new Map(scores.map((s) => [s.raterKey, s.raterName]));
  const judges = new Set(scores.filter((s) => s.isJudge).map((s) => s.raterKey));
  const byItem = new Map<string, Map<string, string>>();
  for (const s of scores) {
    const key = `${s.rolloutId}:${s.criterionKey}`;
    const raters = byItem.get(key) ?? new Map<string, string>();
    raters.set(s.raterKey, String(s.score));
    byItem.set(key, raters);
  }
  const result = pairwiseKappa(byItem);
  const pairs: PairFigures[] = result.pairs.map((pair) => {
    // The judge first in a judge–reviewer pair, so tables read "judge × reviewer".
    const flip = judges.has(pair.raterB) && !judges.has(pair.raterA);
    const [a, b] = flip ? [pair.raterB, pair.raterA] : [pair.raterA, pair.raterB];
    return { ...pair, raterA: a, raterB: b, nameA: names.get(a) ?? a, nameB: names.get(b) ?? b };
  });
  const isMixed = (p: PairFigures) => judges.has(p.raterA) !== judges.has(p.raterB);
  return {
    alpha: result.alpha,
    agreement: result.agreement,
    pairs,
    scoredItems: byItem.size,
    comparedItems: [...byItem.values()].filter((raters) => raters.size >= 2).length,
    judgeVsHuman: pairs.filter(isMixed),
    others: pairs.filter((p) => !isMixed(p)),
  };
}
