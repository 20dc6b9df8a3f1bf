import { type WilsonInterval, wilsonInterval } from "@/lib/stats";
import type { PairedCounts } from "./compare-query";

// Paired comparison of two models on the tasks both ran. A model "passes" a task when at least half
// of its scored rollouts on it pass (pass@1 ≥ 0.5): a majority, so one lucky rollout of sixteen
// doesn't count. McNemar's exact test asks whether the discordant tasks (one passes, the other
// doesn't) split evenly, as they would if the models were equally good.

export const TASK_PASS_RATE = 0.5;
/** Discordant tasks listed per side; the counts are always exact. */
export const COMPARE_LIST_CAP = 200;

export type ModelOnTask = { n: number; passed: number; passAt1: number; passes: boolean };
export type PairedTask = { task: string; a: ModelOnTask; b: ModelOnTask };

export type Comparison = {
  a: string;
  b: string;
  /** Tasks both models have scored rollouts on: the n of every figure below. */
  sharedTasks: number;
  onlyARan: number;
  onlyBRan: number;
  both: number;
  neither: number;
  aOnly: number;
  bOnly: number;
  /** Tasks A passes and B does not (largest pass@1 difference first, at most 200). */
  aNotB: PairedTask[];
  bNotA: PairedTask[];
  /** Share of shared tasks each model passes, Wilson 95%. */
  aTaskPassRate: WilsonInterval;
  bTaskPassRate: WilsonInterval;
  /** Mean of pass@1(A) − pass@1(B) over shared tasks. */
  meanPassAt1Difference: number | null;
  mcnemar: { discordant: number; pValue: number | null };
};

function summarizeSide(n: number, passed: number): ModelOnTask {
  const passAt1 = n === 0 ? 0 : passed / n;
  return { n, passed, passAt1, passes: n > 0 && passAt1 >= TASK_PASS_RATE };
}

/** Two-sided exact McNemar p-value: 2·P(X ≤ min(b, c)) for X ~ Binomial(b + c, ½), capped at 1. */
export function mcnemarExactPValue(b: number, c: number): number | null {
  const n = b + c;
  if (n === 0) return null;
  const low = Math.min(b, c);
  // Binomial terms in log space: C(n, i)·2^−n underflows past n ≈ 1,000.
  let logTerm = n * Math.log(0.5);
  let logSum = logTerm;
  for (let i = 0; i < low; i++) {
    logTerm += Math.log(n - i) - Math.log(i + 1);
    const high = Math.max(logSum, logTerm);
    logSum = high + Math.log(Math.exp(logSum - high) + Math.exp(logTerm - high));
  }
  return Math.min(1, 2 * Math.exp(logSum));
}

export function buildComparison({ a, b, rows }: { a: string; b: string; rows: PairedCounts[] }): Comparison {
  const shared: PairedTask[] = [];
  let onlyARan = 0;
  let onlyBRan = 0;
  for (const row of rows) {
    if (row.aN > 0 && row.bN > 0)
      shared.push({
        task: row.task,
        a: summarizeSide(row.aN, row.aPassed),
        b: summarizeSide(row.bN, row.bPassed),
      });
    else if (row.aN > 0) onlyARan += 1;
    else if (row.bN > 0) onlyBRan += 1;
  }
  const byDifference = (sign: 1 | -1) => (x: PairedTask, y: PairedTask) =>
    sign * (y.a.passAt1 - y.b.passAt1 - (x.a.passAt1 - x.b.passAt1)) || (x.task < y.task ? -1 : 1);
  const aNotB = shared.filter((t) => t.a.passes && !t.b.passes).sort(byDifference(1));
  const bNotA = shared.filter((t) => !t.a.passes && t.b.passes).sort(byDifference(-1));
  const both = shared.filter((t) => t.a.passes && t.b.passes).length;
  const aPasses = both + aNotB.length;
  const bPasses = both + bNotA.length;
  const difference = shared.reduce((sum, t) => sum + t.a.passAt1 - t.b.passAt1, 0);
  return {
    a,
    b,
    sharedTasks: shared.length,
    onlyARan,
    onlyBRan,
    both,
    neither: shared.length - both - aNotB.length - bNotA.length,
    aOnly: aNotB.length,
    bOnly: bNotA.length,
    aNotB: aNotB.slice(0, COMPARE_LIST_CAP),
    bNotA: bNotA.slice(0, COMPARE_LIST_CAP),
    aTaskPassRate: wilsonInterval(aPasses, shared.length),
    bTaskPassRate: wilsonInterval(bPasses, shared.length),
    meanPassAt1Difference: shared.length === 0 ? null : difference / shared.length,
    mcnemar: {
      discordant: aNotB.length + bNotA.length,
      pValue: mcnemarExactPValue(aNotB.length, bNotA.length),
    },
  };
}
