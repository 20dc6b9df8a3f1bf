// A rate measured by an imperfect classifier (a reward-hack scanner), corrected for its measured error
// (Rogan & Gladen 1978): true rate = (observed + specificity − 1) / (sensitivity + specificity − 1).
// The interval is the correction's range over the box of the three 95% Wilson intervals (observed
// rate, sensitivity, specificity): the correction is monotone in each of them separately, so its
// extremes lie on the box's corners. That covers at least 95% (each input's uncertainty is counted in
// full, none is traded against another), so it is wider than a delta-method interval, never narrower.
import { assertCount } from "./validate";
import { type WilsonInterval, wilsonInterval } from "./wilson";

export type CorrectedRate = {
  /** The corrected rate, clamped to [0, 1]; null when the classifier's error does not allow it. */
  estimate: number | null;
  low: number | null;
  high: number | null;
  /** Why there is no estimate (no measured error, or a classifier no better than chance). */
  reason: string | null;
  observed: WilsonInterval;
  sensitivity: WilsonInterval;
  specificity: WilsonInterval;
};

export type MeasuredError = {
  /** Positives (hacks) the classifier caught, of all positives measured. */
  truePositives: number;
  positives: number;
  /** Negatives the classifier left alone, of all negatives measured. */
  trueNegatives: number;
  negatives: number;
};

const clamp = (x: number) => Math.min(1, Math.max(0, x));

/** Rogan–Gladen; null when sensitivity + specificity ≤ 1 (the flags carry no information). */
export function correctRate(observed: number, sensitivity: number, specificity: number): number | null {
  const youden = sensitivity + specificity - 1;
  if (youden <= 1e-9) return null;
  return clamp((observed + specificity - 1) / youden);
}

export function correctedRate(
  { positives: flagged, n }: { positives: number; n: number },
  error: MeasuredError,
): CorrectedRate {
  assertCount("flagged", flagged);
  assertCount("n", n);
  const observed = wilsonInterval(flagged, n);
  const sensitivity = wilsonInterval(error.truePositives, error.positives);
  const specificity = wilsonInterval(error.trueNegatives, error.negatives);
  const none = (reason: string): CorrectedRate => ({
    estimate: null,
    low: null,
    high: null,
    reason,
    observed,
    sensitivity,
    specificity,
  });
  if (observed.estimate === null) return none("nothing was scanned");
  if (sensitivity.estimate === null || specificity.estimate === null)
    return none(
      "the scanners' error is not measured here: it needs labelled rollouts both ways (reward hack and not)",
    );
  const estimate = correctRate(observed.estimate, sensitivity.estimate, specificity.estimate);
  if (estimate === null)
    return none("the scanners' measured sensitivity + specificity is at most 1: their flags say nothing");
  const corners: (number | null)[] = [];
  for (const q of [observed.low, observed.high])
    for (const se of [sensitivity.low, sensitivity.high])
      for (const sp of [specificity.low, specificity.high])
        corners.push(correctRate(q as number, se as number, sp as number));
  // A corner where the flags carry no information: the true rate could be anything.
  const bounded = corners.every((c) => c !== null);
  const values = corners.filter((c): c is number => c !== null);
  return {
    estimate,
    low: bounded ? Math.min(...values) : 0,
    high: bounded ? Math.max(...values) : 1,
    reason: null,
    observed,
    sensitivity,
    specificity,
  };
}
