// Reviewer agreement for the review queue: how often reviewers give the same verdict, Cohen's kappa
// for every pair of reviewers who labelled the same rollouts, and Krippendorff's alpha over all of
// them (which, unlike pairwise kappa, uses every item with at least two labels at once).
import { type CohenKappa, cohenKappa, type LabelPair } from "./cohen-kappa";
import { type KrippendorffAlpha, krippendorffAlpha } from "./krippendorff-alpha";
import { compareLabels } from "./validate";
import { type WilsonInterval, wilsonInterval } from "./wilson";

/** item id → (rater id → label); a null/undefined label counts as "not labelled". */
export type LabelsByItem = ReadonlyMap<unknown, ReadonlyMap<string, string | null | undefined>>;

export type RaterPairKappa = CohenKappa & { raterA: string; raterB: string };

export type PairwiseAgreement = {
  /** Every rater with at least one label, in code-unit order. */
  raters: string[];
  /** One entry per rater pair (raterA < raterB) sharing at least one item; n = shared items. */
  pairs: RaterPairKappa[];
  /** Nominal Krippendorff alpha over all items with at least two labels. */
  alpha: KrippendorffAlpha;
  /** Items with at least two labels on which every rater gave the same label. */
  agreement: WilsonInterval;
};

/**
 * Share of items on which the raters agree, as a Wilson interval over items.
 * Pairs: items where a === b. A LabelsByItem map: items with at least two labels, all identical
 * (items with a single label are not comparable and are left out of n).
 */
export function percentAgreement(data: readonly LabelPair[] | LabelsByItem): WilsonInterval {
  if (isPairList(data)) return wilsonInterval(data.filter(([a, b]) => a === b).length, data.length);
  let agreed = 0;
  let n = 0;
  for (const labels of listLabelSets(data)) {
    if (labels.length < 2) continue;
    n += 1;
    if (labels.every((label) => label === labels[0])) agreed += 1;
  }
  return wilsonInterval(agreed, n);
}

export function pairwiseKappa(labelsByItem: LabelsByItem): PairwiseAgreement {
  const raterSet = new Set<string>();
  const pairLabels = new Map<string, { raterA: string; raterB: string; pairs: LabelPair[] }>();
  for (const byRater of labelsByItem.values()) {
    const labelled = [...byRater]
      .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== undefined)
      .sort(([a], [b]) => compareLabels(a, b));
    for (const [rater] of labelled) raterSet.add(rater);
    for (let i = 0; i < labelled.length; i++) {
      for (let j = i + 1; j < labelled.length; j++) {
        const [raterA, labelA] = labelled[i];
        const [raterB, labelB] = labelled[j];
        // JSON keeps the key unambiguous whatever characters rater ids contain.
        const key = JSON.stringify([raterA, raterB]);
        const entry = pairLabels.get(key) ?? { raterA, raterB, pairs: [] };
        entry.pairs.push([labelA, labelB]);
        pairLabels.set(key, entry);
      }
    }
  }
  const pairs = [...pairLabels.values()]
    .sort((x, y) => compareLabels(x.raterA, y.raterA) || compareLabels(x.raterB, y.raterB))
    .map(({ raterA, raterB, pairs: labels }) => ({ raterA, raterB, ...cohenKappa(labels) }));
  const units = listLabelSets(labelsByItem);
  return {
    raters: [...raterSet].sort(compareLabels),
    pairs,
    alpha: krippendorffAlpha(units, "nominal"),
    agreement: percentAgreement(labelsByItem),
  };
}

function isPairList(data: readonly LabelPair[] | LabelsByItem): data is readonly LabelPair[] {
  return Array.isArray(data);
}

function listLabelSets(labelsByItem: LabelsByItem): string[][] {
  return [...labelsByItem.values()].map((byRater) =>
    [...byRater.values()].filter((label): label is string => label !== null && label !== undefined),
  );
}
