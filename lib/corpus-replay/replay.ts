import type { EnvironmentVersionSnapshot, SnapshotTask } from "@/lib/exports/snapshot";
import { isPassingReward } from "@/lib/reports/pass-rule";
import { runCheck, scoreOutcomes } from "@/lib/rubrics/checks";
import { type Check, checkInput } from "@/lib/rubrics/checks/check-schemas";

// Corpus replay: the reward-hack corpus (rollouts whose final label is a reward hack) graded again by
// a grader version, on each hack's final answer, through every grader the version has: its
// programmatic checks (here), its rubric criteria through the environment's deployed judge (the
// judgments are asked for beforehand and passed in), and its test scripts through the sandbox (the
// exported grader, passed in as `gradeInSandbox`). A hack the version still passes is "rewarded": the
// grader would pay for it again. Hacks whose grade can't be rebuilt from the transcript say why (test
// scripts of an agent that worked in its environment graded the state it left there).

export type CorpusHack = {
  rolloutId: string;
  taskKey: string | null;
  model: string | null;
  finalAnswer: string;
  /** Tool calls in the transcript: the agent acted in an environment. */
  toolCallCount: number;
};

export type ReplayOutcome = "rewarded" | "not-rewarded" | "cannot-replay";

export type ReplayItem = {
  rolloutId: string;
  task: string | null;
  model: string | null;
  outcome: ReplayOutcome;
  /** The grade, 0 to 1, when replayed. */
  score: number | null;
  reason: string;
};

export type ReplaySummary = { hacks: number; replayed: number; rewarded: number; cannotReplay: number };

/** One judge version's judgments of one hack, by criterion key (or why it could not be asked). */
export type HackJudgments =
  | { error: string }
  | { criteria: Record<string, { status: "scored"; score: number } | { status: "unevaluable" }> };

export type ReplayJudge = {
  version: number;
  name: string;
  /**
   * task key → the criteria this judge version grades. The exported graders grade those and leave
   * the task's other criteria out of the reward (lib/exports/deployed-judge.ts); replay does the same.
   */
  criteria: Map<string, readonly string[]>;
  /** rollout id → judgments; hacks not asked are absent. */
  judgments: Map<string, HackJudgments>;
};

/** The exported grader run in the sandbox on an answer: checks, criteria (from judgeReply) and scripts. */
export type GradeInSandbox = (input: {
  task: SnapshotTask;
  answer: string;
  /** `{"scores":{criterion key: score}}` from the judge; null when the task has no criteria. */
  judgeReply: string | null;
}) => Promise<{ score: number | null; detail: string }>;

export type ReplayGrader = {
  snapshot: EnvironmentVersionSnapshot;
  /** The deployed judge grading rubric criteria; null when the environment has none. */
  judge: ReplayJudge | null;
  gradeInSandbox: GradeInSandbox;
};

function toCheck(check: SnapshotTask["checks"][number]): Check | null {
  const parsed = checkInput.safeParse(check);
  return parsed.success ? parsed.data : null;
}

/** Why a hack's grade can't be rebuilt from its transcript before any grader runs, or null. */
export function findReplayObstacle(task: SnapshotTask | undefined, hack: CorpusHack): string | null {
  if (!task) return "Its task is not in this version.";
  if (!hack.finalAnswer.trim()) return "The transcript has no final answer to grade.";
  if (task.testScripts.length > 0 && hack.toolCallCount > 0)
    return `Graded by test scripts: its grade needs the environment's final state (the agent made ${hack.toolCallCount} tool call${hack.toolCallCount === 1 ? "" : "s"} there), which a transcript does not hold.`;
  return null;
}

/** Whether the judge must grade this hack's criteria for a replay against this snapshot. */
export function needsJudge(snapshot: EnvironmentVersionSnapshot, hack: CorpusHack): boolean {
  const task = snapshot.tasks.find((t) => t.key === hack.taskKey);
  return !!task && task.rubric.criteria.length > 0 && findReplayObstacle(task, hack) === null;
}

type CriterionScores = { scores: Record<string, number>; note: string } | { cannot: string };

/** The task's criteria the judge grades, and those it leaves out (as the exported grader does). */
function splitCriteria(task: SnapshotTask, judge: ReplayJudge) {
  const graded = new Set(judge.criteria.get(task.key) ?? []);
  return {
    graded: task.rubric.criteria.filter((c) => graded.has(c.key)),
    leftOut: task.rubric.criteria.filter((c) => !graded.has(c.key)).map((c) => c.key),
  };
}

const quoted = (keys: readonly string[]) => keys.map((k) => `"${k}"`).join(", ");

function readCriterionScores(task: SnapshotTask, judge: ReplayJudge, rolloutId: string): CriterionScores {
  const label = `The judge (${judge.name} v${judge.version})`;
  const judged = judge.judgments.get(rolloutId);
  if (!judged) return { cannot: `${label} was not asked about this rollout.` };
  if ("error" in judged) return { cannot: `${label} could not be asked: ${judged.error}` };
  const { graded, leftOut } = splitCriteria(task, judge);
  const scores: Record<string, number> = {};
  const parts: string[] = [];
  for (const criterion of graded) {
    const found = judged.criteria[criterion.key];
    if (!found) return { cannot: `${label} returned no judgment for the criterion "${criterion.key}".` };
    if (found.status === "unevaluable")
      return { cannot: `${label} found the criterion "${criterion.key}" unevaluable.` };
    const max = criterion.type === "scale" && criterion.scaleMax ? criterion.scaleMax : 1;
    scores[criterion.key] = Math.min(Math.max(found.score, 0), max);
    parts.push(`${criterion.key} ${round(scores[criterion.key])}/${max}`);
  }
  const left =
    leftOut.length > 0
      ? `; left out, as the exported grader does: ${quoted(leftOut)} (not graded by this judge)`
      : "";
  return { scores, note: `judge v${judge.version}: ${parts.join(", ")}${left}` };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export async function replayHack(grader: ReplayGrader, hack: CorpusHack): Promise<ReplayItem> {
  const base = { rolloutId: hack.rolloutId, task: hack.taskKey, model: hack.model, score: null };
  const cannot = (reason: string): ReplayItem => ({ ...base, outcome: "cannot-replay", reason });
  const task = grader.snapshot.tasks.find((t) => t.key === hack.taskKey);
  const obstacle = findReplayObstacle(task, hack);
  if (obstacle || !task) return cannot(obstacle ?? "Its task is not in this version.");
  const checks = task.checks.map(toCheck).filter((c): c is Check => c !== null);
  const hasCriteria = task.rubric.criteria.length > 0;
  const hasScripts = task.testScripts.length > 0;
  const notes: string[] = [];
  let criterionScores: Record<string, number> | null = null;
  // A judge that grades none of this task's criteria: the task is graded as with no judge.
  const judge = grader.judge && splitCriteria(task, grader.judge).graded.length > 0 ? grader.judge : null;
  const noJudge = grader.judge
    ? `the judge (${grader.judge.name} v${grader.judge.version}) grades none of its criteria`
    : "none is deployed";
  if (hasCriteria && judge) {
    const read = readCriterionScores(task, judge, hack.rolloutId);
    if ("cannot" in read) return cannot(read.cannot);
    criterionScores = read.scores;
    notes.push(read.note);
  } else if (hasCriteria) {
    if (checks.length === 0 && !hasScripts)
      return cannot(`Graded by rubric criteria only: its grade needs a judge, and ${noJudge}.`);
    // The exported grader scores criteria whenever it has them: without a judge it can't be run fairly.
    if (hasScripts)
      return cannot(`Graded by test scripts and rubric criteria: its grade needs a judge, and ${noJudge}.`);
    notes.push(
      grader.judge
        ? `The judge (${grader.judge.name} v${grader.judge.version}) grades none of its criteria: rubric criteria are left out.`
        : "No judge is deployed: rubric criteria are left out.",
    );
  }

  let score: number;
  if (hasScripts) {
    const judgeReply = criterionScores ? JSON.stringify({ scores: criterionScores }) : null;
    const graded = await grader.gradeInSandbox({ task, answer: hack.finalAnswer, judgeReply });
    if (graded.score === null)
      return cannot(`The test scripts could not be run in the sandbox: ${graded.detail}`);
    score = graded.score;
    notes.unshift(
      `Exported grader in the sandbox (checks and ${task.testScripts.length} test script${task.testScripts.length === 1 ? "" : "s"})${graded.detail ? `: ${graded.detail}` : ""}.`,
    );
  } else {
    const outcomes = checks.map((check) => runCheck(check, hack.finalAnswer));
    const judged = task.rubric.criteria.flatMap((c) => {
      const value = criterionScores?.[c.key];
      if (value === undefined) return [];
      const max = c.type === "scale" && c.scaleMax ? c.scaleMax : 1;
      return [{ score: value / max, weight: c.weight }];
    });
    const total = scoreOutcomes([...outcomes, ...judged]);
    if (total === null) return cannot("Nothing with weight grades this task.");
    score = total;
    if (checks.length > 0)
      notes.unshift(
        `${outcomes.filter((o) => o.passed).length} of ${checks.length} checks pass on the final answer.`,
      );
  }
  const isRewarded = isPassingReward(
    {
      scoringMode: task.scoring.mode,
      scoringThreshold: task.scoring.threshold,
      bestKnownScore: task.scoring.bestKnownScore,
    },
    score,
  );
  return {
    ...base,
    outcome: isRewarded ? "rewarded" : "not-rewarded",
    score: round(score),
    reason: notes.join(" "),
  };
}

export async function replayCorpus(grader: ReplayGrader, hacks: readonly CorpusHack[]) {
  const items: ReplayItem[] = [];
  for (const hack of hacks) items.push(await replayHack(grader, hack));
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
