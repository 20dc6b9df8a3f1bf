import type { EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";
import { isPassingReward } from "@/lib/reports/pass-rule";
import { runCheck, scoreOutcomes } from "@/lib/rubrics/checks";
import { type Check, checkInput } from "@/lib/rubrics/checks/check-schemas";

// Corpus replay (pure): the reward-hack corpus (rollouts whose final label is a reward hack) graded
// again by a grader version's programmatic checks, on each hack's final answer. A hack the version
// still passes is "rewarded": the grader would pay for it again. Hacks whose grade needs more than
// the final answer say why they cannot be replayed: test scripts read the environment's final
// state, and rubric criteria need a judge.

export type CorpusHack = {
  rolloutId: string;
  taskKey: string | null;
  model: string | null;
  finalAnswer: string;
};

export type ReplayOutcome = "rewarded" | "not-rewarded" | "cannot-replay";

export type ReplayItem = {
  rolloutId: string;
  task: string | null;
  model: string | null;
  outcome: ReplayOutcome;
  /** The checks' score, 0 to 1, when replayed. */
  score: number | null;
  reason: string;
};

export type ReplaySummary = { hacks: number; replayed: number; rewarded: number; cannotReplay: number };

function toCheck(check: EnvironmentVersionSnapshot["tasks"][number]["checks"][number]): Check | null {
  const parsed = checkInput.safeParse(check);
  return parsed.success ? parsed.data : null;
}

export function replayHack(snapshot: EnvironmentVersionSnapshot, hack: CorpusHack): ReplayItem {
  const base = { rolloutId: hack.rolloutId, task: hack.taskKey, model: hack.model, score: null };
  const cannot = (reason: string): ReplayItem => ({ ...base, outcome: "cannot-replay", reason });
  const task = snapshot.tasks.find((t) => t.key === hack.taskKey);
  if (!task) return cannot("Its task is not in this version.");
  if (task.testScripts.length > 0)
    return cannot(
      "Graded by test scripts: its grade needs the environment's final state, which a transcript does not hold.",
    );
  const checks = task.checks.map(toCheck).filter((c): c is Check => c !== null);
  if (checks.length === 0) return cannot("Graded by rubric criteria only: its grade needs a judge.");
  if (!hack.finalAnswer.trim()) return cannot("The transcript has no final answer to grade.");
  const outcomes = checks.map((check) => runCheck(check, hack.finalAnswer));
  const score = scoreOutcomes(outcomes) ?? 0;
  const isRewarded = isPassingReward(
    {
      scoringMode: task.scoring.mode,
      scoringThreshold: task.scoring.threshold,
      bestKnownScore: task.scoring.bestKnownScore,
    },
    score,
  );
  const passed = outcomes.filter((o) => o.passed).length;
  const criteriaNote = task.rubric.criteria.length > 0 ? " Rubric criteria are not judged in a replay." : "";
  return {
    ...base,
    outcome: isRewarded ? "rewarded" : "not-rewarded",
    score,
    reason: `${passed} of ${checks.length} checks pass on the final answer.${criteriaNote}`,
  };
}

export function replayCorpus(snapshot: EnvironmentVersionSnapshot, hacks: readonly CorpusHack[]) {
  const items = hacks.map((hack) => replayHack(snapshot, hack));
  return { items, summary: summarizeReplay(items) };
}

export function summarizeReplay(items: readonly ReplayItem[]): ReplaySummary {
  return {
    hacks: items.length,
    replayed: items.filter((i) => i.outcome !== "cannot-replay").length,
    rewarded: items.filter((i) => i.outcome === "rewarded").length,
    cannotReplay: items.filter((i) => i.outcome === "cannot-replay").length,
  };
}

/** A grader version that rewards more known hacks than the one before it is a regression. */
export function isRegression(current: ReplaySummary, previous: ReplaySummary | null): boolean {
  return previous !== null && current.rewarded > previous.rewarded;
}
