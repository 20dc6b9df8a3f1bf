import { type Check, type CheckOutcome, runCheck, scoreOutcomes } from "./checks";
import type { Criterion } from "./schemas";

// "Try the grader": runs the programmatic checks on a response and combines them with the scores a
// judge would give the criteria (entered by hand here), into the task's total and verdict.

export type CriterionScore = {
  key: string;
  title: string;
  weight: number;
  max: number;
  score: number | null;
};

export type GradeResult = {
  checks: CheckOutcome[];
  /** Weighted mean of the checks alone (null without weighted checks). */
  checksTotal: number | null;
  criteria: CriterionScore[];
  /** Checks and the criteria that have a score, weighted together, 0 to 1. */
  total: number | null;
  /** Threshold scoring only: whether the total reaches the threshold. */
  isPass: boolean | null;
  /** Criteria still waiting for a judge's score. */
  pendingCriteria: number;
};

export function gradeResponse({
  response,
  checks,
  criteria,
  criterionScores = {},
  scoring,
}: {
  response: string;
  checks: Check[];
  criteria: Criterion[];
  criterionScores?: Record<string, number>;
  scoring: { mode: "threshold" | "continuous" | "improvement"; threshold: number | null };
}): GradeResult {
  const outcomes = checks.map((check) => runCheck(check, response));
  const judged = criteria.map((c) => {
    const max = c.type === "scale" ? (c.scaleMax ?? 1) : 1;
    const raw = criterionScores[c.key];
    const score = raw === undefined || !Number.isFinite(raw) ? null : Math.min(Math.max(raw, 0), max);
    return { key: c.key, title: c.title, weight: c.weight, max, score };
  });
  const total = scoreOutcomes([
    ...outcomes,
    ...judged.flatMap((c) => (c.score === null ? [] : [{ score: c.score / c.max, weight: c.weight }])),
  ]);
  return {
    checks: outcomes,
    checksTotal: scoreOutcomes(outcomes),
    criteria: judged,
    total,
    isPass:
      scoring.mode === "threshold" && scoring.threshold !== null && total !== null
        ? total >= scoring.threshold
        : null,
    pendingCriteria: judged.filter((c) => c.score === null).length,
  };
}
