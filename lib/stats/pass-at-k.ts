// Difficulty calibration from repeated rollouts of one task: the unbiased pass@k estimator of
// Chen et al. 2021 ("Evaluating Large Language Models Trained on Code", the Codex paper), §2.1.
import { assertCount, assertFinite } from "./validate";

/** Fewer rollouts than this cannot tell "never solvable" from "unlucky". */
export const MIN_ROLLOUTS_FOR_SIGNAL = 8;
/** pass@1 at or above this leaves too little failure to learn from. */
export const SATURATION_THRESHOLD = 0.9;

export type DifficultyBand = "saturated" | "learnable" | "no-signal" | "insufficient";
export type PassAtKPoint = { k: number; value: number };

function assertRollouts(n: number, c: number): void {
  assertCount("n", n);
  assertCount("c", c);
  if (c > n) throw new RangeError(`c (${c}) cannot exceed n (${n})`);
}

/**
 * pass@k = 1 − C(n−c, k) / C(n, k): the chance that at least one of k rollouts drawn without
 * replacement from n (c of them correct) passes. Computed as 1 − ∏_{i=n−c+1}^{n} (1 − k/i), the
 * numerically stable product from the paper, summed in log space (log1p/expm1) so neither huge
 * binomials nor products near 1 lose precision. Null when undefined (n = 0 or k > n).
 */
export function passAtK(n: number, c: number, k: number): number | null {
  assertRollouts(n, c);
  assertCount("k", k);
  if (k < 1) throw new RangeError("k must be at least 1");
  if (n === 0 || k > n) return null;
  // Every k-subset contains a correct rollout.
  if (n - c < k) return 1;
  let logRatio = 0;
  for (let i = n - c + 1; i <= n; i++) logRatio += Math.log1p(-k / i);
  return toProbability(logRatio);
}

/**
 * pass@k for k = 1..n in O(n), via C(n−c, k+1)/C(n, k+1) = C(n−c, k)/C(n, k) · (1 − c/(n−k)).
 * Empty for n = 0.
 */
export function passAtKCurve(n: number, c: number): PassAtKPoint[] {
  assertRollouts(n, c);
  const points: PassAtKPoint[] = [];
  let logRatio = 0;
  for (let k = 1; k <= n; k++) {
    if (n - c < k) {
      points.push({ k, value: 1 });
      continue;
    }
    logRatio += Math.log1p(-c / (n - k + 1));
    points.push({ k, value: toProbability(logRatio) });
  }
  return points;
}

/** 1 − e^logRatio without cancellation; c = 0 gives logRatio = 0 and so exactly 0 (not −0). */
function toProbability(logRatio: number): number {
  return logRatio === 0 ? 0 : -Math.expm1(logRatio);
}

/**
 * Labels a task for a buyer. `passAt1` defaults to passed / n (pass a mean reward instead when
 * scoring is continuous). "insufficient" means fewer than 8 rollouts and no success: too few to call
 * the task unsolvable, so it is not labelled "no-signal".
 */
export function difficultyBand(input: { n: number; passed: number; passAt1?: number }): DifficultyBand {
  const { n, passed } = input;
  assertRollouts(n, passed);
  if (passed === 0) return n >= MIN_ROLLOUTS_FOR_SIGNAL ? "no-signal" : "insufficient";
  const passAt1 = input.passAt1 ?? passed / n;
  assertFinite("passAt1", passAt1);
  // Tolerate rounding in a caller's mean (0.8999999999999999 from summing rewards).
  return passAt1 >= SATURATION_THRESHOLD - 1e-12 ? "saturated" : "learnable";
}

export type RewardSummary = {
  n: number;
  mean: number | null;
  /** Population variance (divides by n): the spread of this task's rewards, 0 when all are equal. */
  variance: number | null;
  standardDeviation: number | null;
  min: number | null;
  max: number | null;
};

/** Mean and spread of rewards with Welford's update, which stays accurate when rewards are large and close. */
export function summarizeRewards(values: readonly number[]): RewardSummary {
  let mean = 0;
  let sumSquares = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  values.forEach((value, i) => {
    assertFinite(`values[${i}]`, value);
    const delta = value - mean;
    mean += delta / (i + 1);
    sumSquares += delta * (value - mean);
    min = Math.min(min, value);
    max = Math.max(max, value);
  });
  const n = values.length;
  if (n === 0) return { n, mean: null, variance: null, standardDeviation: null, min: null, max: null };
  const variance = Math.max(0, sumSquares / n);
  return { n, mean, variance, standardDeviation: Math.sqrt(variance), min, max };
}

/**
 * Population variance of a task's rewards; null for no rewards. Zero variance means every rollout
 * scored the same, so a group-relative trainer (GRPO-style) gets no gradient from this task.
 */
export function rewardVariance(values: readonly number[]): number | null {
  return summarizeRewards(values).variance;
}
