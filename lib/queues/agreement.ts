import {
  type ConfusionMatrix,
  confusionMatrix,
  type KrippendorffAlpha,
  pairwiseKappa,
  type RaterPairKappa,
  type WilsonInterval,
  wilsonInterval,
} from "@/lib/stats";
import { LABEL_VERDICTS } from "@/lib/values/review-values";

// Reviewer agreement of a queue, from each reviewer's current label per item: Cohen's kappa per
// pair and Krippendorff's alpha over all reviewers, on verdicts and per category (present/absent),
// per reviewer, plus a confusion matrix between two reviewers whose cells list their items.
// Pure: the statistics come from lib/stats.

export type AgreementLabel = {
  rolloutId: string;
  reviewerKey: string;
  reviewerName: string;
  verdict: string;
  categories: readonly string[];
};

export type PairFigures = RaterPairKappa & { nameA: string; nameB: string };

export type AgreementBlock = {
  alpha: KrippendorffAlpha;
  /** Items with 2+ labels on which all reviewers agree. */
  agreement: WilsonInterval;
  pairs: PairFigures[];
};

export type ReviewerFigures = {
  key: string;
  name: string;
  /** Items this reviewer labelled. */
  labelled: number;
  /** Over every other reviewer's label on the same items: how often they gave the same verdict. */
  agreementWithOthers: WilsonInterval;
  /** Mean of this reviewer's pairwise kappas (pairs with a defined kappa); null when none. */
  meanKappa: number | null;
  /** On adjudicated items: how often this reviewer's verdict was the final one. */
  agreementWithFinal: WilsonInterval;
};

export type QueueAgreement = {
  /** Items with at least one label / at least two. */
  labelledItems: number;
  comparedItems: number;
  verdicts: AgreementBlock;
  categories: (AgreementBlock & { key: string })[];
  reviewers: ReviewerFigures[];
};

type ByItem = Map<string, Map<string, string>>;

function groupBy(labels: readonly AgreementLabel[], value: (label: AgreementLabel) => string): ByItem {
  const byItem: ByItem = new Map();
  for (const label of labels) {
    const raters = byItem.get(label.rolloutId) ?? new Map<string, string>();
    raters.set(label.reviewerKey, value(label));
    byItem.set(label.rolloutId, raters);
  }
  return byItem;
}

function buildBlock(byItem: ByItem, names: Map<string, string>): AgreementBlock {
  const result = pairwiseKappa(byItem);
  return {
    alpha: result.alpha,
    agreement: result.agreement,
    pairs: result.pairs.map((pair) => ({
      ...pair,
      nameA: names.get(pair.raterA) ?? pair.raterA,
      nameB: names.get(pair.raterB) ?? pair.raterB,
    })),
  };
}

/** `finals`: rollout id → the adjudicated verdict, for items an adjudicator decided. */
export function computeAgreement({
  labels,
  finals = new Map(),
}: {
  labels: readonly AgreementLabel[];
  finals?: ReadonlyMap<string, string>;
}): QueueAgreement {
  const names = new Map(labels.map((l) => [l.reviewerKey, l.reviewerName]));
  const verdictsByItem = groupBy(labels, (l) => l.verdict);
  const verdicts = buildBlock(verdictsByItem, names);
  const categoryKeys = [...new Set(labels.flatMap((l) => l.categories))].sort();
  const categories = categoryKeys.map((key) => ({
    key,
    ...buildBlock(
      groupBy(labels, (l) => (l.categories.includes(key) ? "yes" : "no")),
      names,
    ),
  }));
  const reviewers = [...names.entries()]
    .map(([key, name]) => {
      let agreed = 0;
      let compared = 0;
      let finalAgreed = 0;
      let finalCompared = 0;
      let labelled = 0;
      for (const [rolloutId, raters] of verdictsByItem) {
        const mine = raters.get(key);
        if (mine === undefined) continue;
        labelled += 1;
        for (const [other, verdict] of raters) {
          if (other === key) continue;
          compared += 1;
          if (verdict === mine) agreed += 1;
        }
        const final = finals.get(rolloutId);
        if (final !== undefined) {
          finalCompared += 1;
          if (final === mine) finalAgreed += 1;
        }
      }
      const kappas = verdicts.pairs
        .filter((p) => (p.raterA === key || p.raterB === key) && p.kappa !== null)
        .map((p) => p.kappa as number);
      return {
        key,
        name,
        labelled,
        agreementWithOthers: wilsonInterval(agreed, compared),
        meanKappa: kappas.length > 0 ? kappas.reduce((a, b) => a + b, 0) / kappas.length : null,
        agreementWithFinal: wilsonInterval(finalAgreed, finalCompared),
      };
    })
    .sort((a, b) => b.labelled - a.labelled || a.name.localeCompare(b.name));
  return {
    labelledItems: verdictsByItem.size,
    comparedItems: [...verdictsByItem.values()].filter((raters) => raters.size >= 2).length,
    verdicts,
    categories,
    reviewers,
  };
}

/** Verdicts of reviewer A (rows) against reviewer B (columns); each cell keeps its rollout ids. */
export function buildPairConfusion({
  labels,
  raterA,
  raterB,
}: {
  labels: readonly AgreementLabel[];
  raterA: string;
  raterB: string;
}): ConfusionMatrix<string> {
  const byItem = groupBy(labels, (l) => l.verdict);
  const items = [...byItem].flatMap(([rolloutId, raters]) => {
    const actual = raters.get(raterA);
    const predicted = raters.get(raterB);
    return actual !== undefined && predicted !== undefined ? [{ actual, predicted, ref: rolloutId }] : [];
  });
  return confusionMatrix(items, { labels: LABEL_VERDICTS });
}
