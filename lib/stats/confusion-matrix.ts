// Confusion matrix with drill-down: every cell keeps the refs of the items in it, so a page can
// link a count straight to the rollouts behind it. Rates come as Wilson intervals with their n.
import { assertCount, compareLabels } from "./validate";
import { type WilsonInterval, wilsonInterval } from "./wilson";

export type ConfusionItem<T> = { actual: string; predicted: string; ref: T };

export type ConfusionMatrix<T> = {
  /** Row and column labels: `options.labels` first, then any other label seen, in code-unit order. */
  labels: string[];
  /** counts[actual][predicted]; every label pair is present (0 when empty). */
  counts: Record<string, Record<string, number>>;
  /** refs[actual][predicted]: the items of that cell, in input order. */
  refs: Record<string, Record<string, T[]>>;
  /** matrix[i][j] = counts[labels[i]][labels[j]], for charts. */
  matrix: number[][];
  total: number;
  /** Items on the diagonal out of all items. */
  accuracy: WilsonInterval;
};

export type BinaryCounts = { tp: number; fp: number; fn: number; tn: number };

export function confusionMatrix<T>(
  items: readonly ConfusionItem<T>[],
  options: { labels?: readonly string[] } = {},
): ConfusionMatrix<T> {
  const given = [...new Set(options.labels ?? [])];
  const seen = new Set(given);
  const extra = [...new Set(items.flatMap((item) => [item.actual, item.predicted]))]
    .filter((label) => !seen.has(label))
    .sort(compareLabels);
  const labels = [...given, ...extra];

  // Null-prototype records: labels are user data and may be "__proto__" or "constructor".
  const counts = createRecord<Record<string, number>>();
  const refs = createRecord<Record<string, T[]>>();
  for (const actual of labels) {
    counts[actual] = createRecord<number>();
    refs[actual] = createRecord<T[]>();
    for (const predicted of labels) {
      counts[actual][predicted] = 0;
      refs[actual][predicted] = [];
    }
  }
  let correct = 0;
  for (const { actual, predicted, ref } of items) {
    counts[actual][predicted] += 1;
    refs[actual][predicted].push(ref);
    if (actual === predicted) correct += 1;
  }
  const matrix = labels.map((actual) => labels.map((predicted) => counts[actual][predicted]));
  return {
    labels,
    counts,
    refs,
    matrix,
    total: items.length,
    accuracy: wilsonInterval(correct, items.length),
  };
}

/** One-vs-rest counts for `positive` (a label absent from the matrix gives tp = fp = fn = 0). */
export function collapseToBinary<T>(matrix: ConfusionMatrix<T>, positive: string): BinaryCounts {
  const counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const actual of matrix.labels) {
    for (const predicted of matrix.labels) {
      const count = matrix.counts[actual][predicted];
      const key =
        actual === positive ? (predicted === positive ? "tp" : "fn") : predicted === positive ? "fp" : "tn";
      counts[key] += count;
    }
  }
  return counts;
}

export type BinaryRates = {
  /** tp / (tp + fp): of the items flagged positive, how many were. */
  precision: WilsonInterval;
  /** tp / (tp + fn), also sensitivity or true-positive rate. */
  recall: WilsonInterval;
  /** fn / (tp + fn): positives missed (for a grader: genuine successes it failed). */
  falseNegativeRate: WilsonInterval;
  /** fp / (fp + tn): negatives flagged (for a grader: failures or hacks it passed). */
  falsePositiveRate: WilsonInterval;
  /** tn / (tn + fp), also true-negative rate. */
  specificity: WilsonInterval;
  /** tn / (tn + fn). */
  negativePredictiveValue: WilsonInterval;
  /** fp / (tp + fp). */
  falseDiscoveryRate: WilsonInterval;
  /** (tp + tn) / total. */
  accuracy: WilsonInterval;
  /** (tp + fn) / total: how common positives are. */
  prevalence: WilsonInterval;
  total: number;
};

/** Every rate as a Wilson interval carrying its own n, so an empty denominator shows as n = 0. */
export function binaryRates(counts: BinaryCounts, options: { z?: number } = {}): BinaryRates {
  const { tp, fp, fn, tn } = counts;
  for (const [name, value] of Object.entries({ tp, fp, fn, tn })) assertCount(name, value);
  const z = options.z ?? 1.96;
  const total = tp + fp + fn + tn;
  return {
    precision: wilsonInterval(tp, tp + fp, z),
    recall: wilsonInterval(tp, tp + fn, z),
    falseNegativeRate: wilsonInterval(fn, tp + fn, z),
    falsePositiveRate: wilsonInterval(fp, fp + tn, z),
    specificity: wilsonInterval(tn, tn + fp, z),
    negativePredictiveValue: wilsonInterval(tn, tn + fn, z),
    falseDiscoveryRate: wilsonInterval(fp, tp + fp, z),
    accuracy: wilsonInterval(tp + tn, total, z),
    prevalence: wilsonInterval(tp + fn, total, z),
    total,
  };
}

function createRecord<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}
