import {
  type DifficultyBand,
  difficultyBand,
  passAtKCurve,
  type WilsonInterval,
  wilsonInterval,
} from "@/lib/stats";
import type { DifficultyGroup } from "./difficulty-query";
import { PASS_AT_K_CAP } from "./schemas";

// Turns the grouped (n, c) rows into the difficulty section: pass@k per task × model (Codex paper
// estimator, k = 1..min(n, 64)), a band, the gap pass@k − pass@1 at the chosen k, and per model the
// pooled pass rate, band counts and a mean pass@k curve.

export const BANDS = [
  "saturated",
  "learnable",
  "no-signal",
  "insufficient",
] as const satisfies readonly DifficultyBand[];

export type DifficultyItem = {
  task: string;
  model: string;
  n: number;
  passed: number;
  passAt1: number;
  /** pass@k keyed by k ("1", "2", …) for k = 1..min(n, PASS_AT_K_CAP). */
  passAtK: Record<string, number>;
  band: DifficultyBand;
  /** passed / n with its Wilson 95% interval. */
  passRate: WilsonInterval;
  meanReward: number;
  rewardVariance: number;
  /** pass@k − pass@1 at the report's k; null when n < k. */
  gap: number | null;
};

export type CurvePoint = { k: number; value: number; tasks: number };

export type ModelDifficulty = {
  model: string;
  tasks: number;
  n: number;
  passed: number;
  /** All of the model's scored rollouts pooled: passed / n, Wilson 95%. */
  passRate: WilsonInterval;
  /** Mean reward over all its rollouts (each task weighted by its n). */
  meanReward: number;
  bands: Record<DifficultyBand, number>;
  /** Mean pass@k over the tasks with at least k rollouts. */
  curve: CurvePoint[];
  /** Mean gap at the report's k over tasks with n ≥ k, and how many tasks that is. */
  gap: { value: number | null; tasks: number };
};

export type DifficultySection = {
  items: DifficultyItem[];
  models: ModelDifficulty[];
  /** Bands of every task × model pair of the environment. */
  bands: Record<DifficultyBand, number>;
};

export function countBands(): Record<DifficultyBand, number> {
  return { saturated: 0, learnable: 0, "no-signal": 0, insufficient: 0 };
}

type Outcome = Pick<DifficultyItem, "passAt1" | "passAtK" | "band" | "passRate">;

/** What follows from (n, c) alone; many task × model pairs share an (n, c), so callers may cache it. */
function describeOutcome(n: number, passed: number): Outcome {
  const curve = passAtKCurve(n, passed).slice(0, PASS_AT_K_CAP);
  const passAtK: Record<string, number> = {};
  for (const point of curve) passAtK[String(point.k)] = point.value;
  // pass@1 is exactly c / n; the log-space product leaves 0.24999999999999997 for 2 of 8.
  const passAt1 = n === 0 ? 0 : passed / n;
  if (n > 0) passAtK["1"] = passAt1;
  return {
    passAt1,
    passAtK,
    band: difficultyBand({ n, passed }),
    passRate: wilsonInterval(passed, n),
  };
}

export function buildDifficultyItem(
  group: DifficultyGroup,
  k: number,
  outcome = describeOutcome(group.n, group.passed),
): DifficultyItem {
  const atK = outcome.passAtK[String(k)];
  return {
    task: group.task,
    model: group.model,
    n: group.n,
    passed: group.passed,
    ...outcome,
    meanReward: group.meanReward,
    rewardVariance: group.rewardVariance,
    gap: atK === undefined ? null : atK - outcome.passAt1,
  };
}

function summarizeModel(model: string, items: DifficultyItem[]): ModelDifficulty {
  const bands = countBands();
  let n = 0;
  let passed = 0;
  let rewardSum = 0;
  let gapTotal = 0;
  let gapTasks = 0;
  // Items sharing a pass@k record (same n and c) are summed once, times how many there are.
  const curves = new Map<Record<string, number>, number>();
  for (const item of items) {
    bands[item.band] += 1;
    n += item.n;
    passed += item.passed;
    rewardSum += item.meanReward * item.n;
    curves.set(item.passAtK, (curves.get(item.passAtK) ?? 0) + 1);
    if (item.gap !== null) {
      gapTotal += item.gap;
      gapTasks += 1;
    }
  }
  const sums = new Map<number, { total: number; tasks: number }>();
  for (const [passAtK, times] of curves) {
    for (const [key, value] of Object.entries(passAtK)) {
      const point = sums.get(Number(key)) ?? { total: 0, tasks: 0 };
      point.total += value * times;
      point.tasks += times;
      sums.set(Number(key), point);
    }
  }
  const curve = [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([pointK, { total, tasks }]) => ({ k: pointK, value: total / tasks, tasks }));
  return {
    model,
    tasks: items.length,
    n,
    passed,
    passRate: wilsonInterval(passed, n),
    meanReward: n === 0 ? 0 : rewardSum / n,
    bands,
    curve,
    gap: { value: gapTasks === 0 ? null : gapTotal / gapTasks, tasks: gapTasks },
  };
}

/** Best first: highest pooled pass rate, then more rollouts, then by name. */
export function compareModels(a: ModelDifficulty, b: ModelDifficulty): number {
  return (
    (b.passRate.estimate ?? 0) - (a.passRate.estimate ?? 0) ||
    b.n - a.n ||
    (a.model < b.model ? -1 : a.model > b.model ? 1 : 0)
  );
}

export function buildDifficultySection(groups: DifficultyGroup[], k: number): DifficultySection {
  // Outcomes are shared read-only between items with the same (n, c): 10,000 tasks × 16 rollouts have 17.
  const outcomes = new Map<string, Outcome>();
  const items = groups.map((group) => {
    const key = `${group.n}:${group.passed}`;
    let outcome = outcomes.get(key);
    if (!outcome) {
      outcome = describeOutcome(group.n, group.passed);
      outcomes.set(key, outcome);
    }
    return buildDifficultyItem(group, k, outcome);
  });
  const byModel = new Map<string, DifficultyItem[]>();
  const bands = countBands();
  for (const item of items) {
    const list = byModel.get(item.model);
    if (list) list.push(item);
    else byModel.set(item.model, [item]);
    bands[item.band] += 1;
  }
  const models = [...byModel.entries()]
    .map(([model, list]) => summarizeModel(model, list))
    .sort(compareModels);
  return { items, models, bands };
}
