import type { LabelVerdict } from "@/db/schema/review-values";
import { hashFraction } from "@/lib/queues/sampling";
import { type WilsonInterval, wilsonInterval } from "@/lib/stats/wilson";

// How far a signature can be trusted, measured against reviewers' final labels: precision, recall
// and false-positive rate with Wilson intervals and their n, on a development and a held-out split
// (a fixed hash of the rollout id, so a rollout never changes split and the held-out part is never
// looked at while tuning). Pure: the query (metrics-queries.ts) feeds it.

export const SPLITS = ["development", "held-out"] as const;
export type Split = (typeof SPLITS)[number];

/** Share of labelled rollouts in the development split. */
export const DEVELOPMENT_SHARE = 0.7;
const SPLIT_SEED = "scanner-metrics-v1";

export function splitOf(rolloutId: string): Split {
  return hashFraction(SPLIT_SEED, rolloutId) < DEVELOPMENT_SHARE ? "development" : "held-out";
}

/** A reward hack, not one, or not a verdict that says (broken environment, unclear). */
export function truthOf(verdict: LabelVerdict | null): boolean | null {
  if (verdict === "reward-hack") return true;
  if (verdict === "genuine-success" || verdict === "genuine-failure" || verdict === "grader-false-negative")
    return false;
  return null;
}

export type LabelledScan = { rolloutId: string; verdict: LabelVerdict | null; signatures: readonly string[] };

export type SignatureMetrics = {
  precision: WilsonInterval;
  recall: WilsonInterval;
  falsePositiveRate: WilsonInterval;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
};

export function measure<T extends LabelledScan>(
  rows: readonly T[],
  isFlagged: (row: T) => boolean,
): SignatureMetrics {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const row of rows) {
    const truth = truthOf(row.verdict);
    if (truth === null) continue;
    const flagged = isFlagged(row);
    if (truth && flagged) tp += 1;
    else if (truth) fn += 1;
    else if (flagged) fp += 1;
    else tn += 1;
  }
  return {
    precision: wilsonInterval(tp, tp + fp),
    recall: wilsonInterval(tp, tp + fn),
    falsePositiveRate: wilsonInterval(fp, fp + tn),
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    trueNegatives: tn,
  };
}

/** Metrics per split for one detector (a signature, the LLM scanner, or any flag at all). */
export function measureBySplit<T extends LabelledScan>(
  rows: readonly T[],
  isFlagged: (row: T) => boolean,
): Record<Split, SignatureMetrics> {
  return {
    development: measure(
      rows.filter((r) => splitOf(r.rolloutId) === "development"),
      isFlagged,
    ),
    "held-out": measure(
      rows.filter((r) => splitOf(r.rolloutId) === "held-out"),
      isFlagged,
    ),
  };
}
