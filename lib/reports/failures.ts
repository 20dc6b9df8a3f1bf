import { type WilsonInterval, wilsonInterval } from "@/lib/stats";
import type { LabelVerdict, TaxonomyFamily } from "@/lib/values/review-values";
import type { DifficultySection } from "./difficulty";
import type { CategoryCount, SpanExample, VerdictCount } from "./failures-query";

// The failure section from the grouped counts: verdicts and categories per task and per model, the
// example spans, and what stands between the best model and 100%: the final labels of the rollouts
// it failed, and the tasks it fails most.

/** Tasks listed under the best model. */
export const BEST_MODEL_TASKS = 10;

export type CategoryTally = { category: string; family: TaxonomyFamily | null; name: string; count: number };

export type FailureBreakdown = {
  /** A task key (byTask) or a model (byModel). */
  key: string;
  /** Rollouts with a final verdict. */
  labelled: number;
  verdicts: Partial<Record<LabelVerdict, number>>;
  /** Rollouts per category (a rollout with two categories counts in both), most frequent first. */
  categories: CategoryTally[];
};

export type BestModelGap = {
  model: string;
  n: number;
  failed: number;
  passRate: WilsonInterval;
  /** Failed rollouts (reward below the bar) with a final verdict. */
  failedLabelled: number;
  verdicts: Partial<Record<LabelVerdict, number>>;
  categories: CategoryTally[];
  /** The tasks it fails most (at most 10), and how many tasks it fails at least once. */
  tasks: { task: string; n: number; failed: number }[];
  tasksWithFailures: number;
};

export type FailuresSection = {
  labelled: number;
  byTask: FailureBreakdown[];
  byModel: FailureBreakdown[];
  examples: SpanExample[];
  bestModel: BestModelGap | null;
};

function tallyCategories(rows: CategoryCount[]): CategoryTally[] {
  const tallies = new Map<string, CategoryTally>();
  for (const row of rows) {
    const tally = tallies.get(row.category) ?? {
      category: row.category,
      family: row.family,
      name: row.name,
      count: 0,
    };
    tally.count += row.count;
    tallies.set(row.category, tally);
  }
  return [...tallies.values()].sort((a, b) => b.count - a.count || (a.category < b.category ? -1 : 1));
}

function tallyVerdicts(rows: VerdictCount[]): Partial<Record<LabelVerdict, number>> {
  const out: Partial<Record<LabelVerdict, number>> = {};
  for (const row of rows) out[row.verdict] = (out[row.verdict] ?? 0) + row.count;
  return out;
}

function groupBy<T>(rows: T[], pick: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const key = pick(row);
    const list = out.get(key);
    if (list) list.push(row);
    else out.set(key, [row]);
  }
  return out;
}

function buildBreakdowns(
  verdicts: VerdictCount[],
  categories: CategoryCount[],
  pick: (row: VerdictCount | CategoryCount) => string,
) {
  const verdictsByKey = groupBy(verdicts, pick);
  const categoriesByKey = groupBy(categories, pick);
  return [...verdictsByKey.entries()]
    .map(([key, rows]) => ({
      key,
      labelled: rows.reduce((sum, row) => sum + row.count, 0),
      verdicts: tallyVerdicts(rows),
      categories: tallyCategories(categoriesByKey.get(key) ?? []),
    }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function buildBestModelGap(
  difficulty: DifficultySection,
  verdicts: VerdictCount[],
  categories: CategoryCount[],
): BestModelGap | null {
  const best = difficulty.models.find((model) => model.n > 0);
  if (!best) return null;
  const failedVerdicts = verdicts.filter((row) => row.model === best.model && !row.rewardPass);
  const failing = difficulty.items
    .filter((item) => item.model === best.model && item.passed < item.n)
    .map((item) => ({ task: item.task, n: item.n, failed: item.n - item.passed }))
    .sort((a, b) => b.failed - a.failed || b.failed / b.n - a.failed / a.n || (a.task < b.task ? -1 : 1));
  return {
    model: best.model,
    n: best.n,
    failed: best.n - best.passed,
    passRate: wilsonInterval(best.passed, best.n),
    failedLabelled: failedVerdicts.reduce((sum, row) => sum + row.count, 0),
    verdicts: tallyVerdicts(failedVerdicts),
    categories: tallyCategories(categories.filter((row) => row.model === best.model && !row.rewardPass)),
    tasks: failing.slice(0, BEST_MODEL_TASKS),
    tasksWithFailures: failing.length,
  };
}

export function buildFailuresSection({
  difficulty,
  verdicts,
  categories,
  examples,
}: {
  difficulty: DifficultySection;
  verdicts: VerdictCount[];
  categories: CategoryCount[];
  examples: SpanExample[];
}): FailuresSection {
  return {
    labelled: verdicts.reduce((sum, row) => sum + row.count, 0),
    byTask: buildBreakdowns(verdicts, categories, (row) => row.task),
    byModel: buildBreakdowns(verdicts, categories, (row) => row.model),
    examples,
    bestModel: buildBestModelGap(difficulty, verdicts, categories),
  };
}
