import { isPassingReward, type TaskScoring } from "@/lib/reports/pass-rule";

// The "judge disagreements" sampling (issue #12): a rollout goes to review when a judge's panel
// split on one of its criteria, or when the judge's overall verdict contradicts the imported
// reward. The judge's verdict uses the reward's own pass rule on the judge's rubric score (the
// weighted mean of its criterion scores, each on 0–1). Pure: the loader gathers the judgments.

export type JudgedCriterion = {
  weight: number;
  type: "binary" | "scale";
  scaleMax: number | null;
  status: "scored" | "unevaluable";
  score: number | null;
  /** The panel's disagreement on this criterion (null for a single judge). */
  disagreement: number | null;
};

export type JudgeDisagreement = {
  /** The largest panel disagreement over the criteria (0: the panel agreed, or a single judge). */
  panelSplit: number;
  /** The judge's rubric score, 0–1; null when a criterion was unevaluable or none was scored. */
  judgeScore: number | null;
  judgePasses: boolean | null;
  rewardPasses: boolean | null;
  /** The judge passes the rollout and the reward fails it, or the other way round. */
  isAgainstReward: boolean;
};

/** The judge's rubric score: the weighted mean of its criterion scores on 0–1. */
export function judgeRubricScore(criteria: readonly JudgedCriterion[]): number | null {
  if (criteria.length === 0 || criteria.some((c) => c.status !== "scored" || c.score === null)) return null;
  let total = 0;
  let weights = 0;
  for (const c of criteria) {
    const max = c.type === "scale" ? Math.max(1, c.scaleMax ?? 1) : 1;
    const weight = Math.max(c.weight, 0);
    total += weight * Math.min(1, Math.max(0, (c.score as number) / max));
    weights += weight;
  }
  return weights > 0 ? total / weights : null;
}

export function assessJudgeDisagreement({
  reward,
  scoring,
  criteria,
}: {
  reward: number | null;
  scoring: TaskScoring;
  criteria: readonly JudgedCriterion[];
}): JudgeDisagreement {
  const panelSplit = Math.max(0, ...criteria.map((c) => c.disagreement ?? 0));
  const judgeScore = judgeRubricScore(criteria);
  const judgePasses = judgeScore === null ? null : isPassingReward(scoring, judgeScore);
  const rewardPasses = reward === null || !Number.isFinite(reward) ? null : isPassingReward(scoring, reward);
  return {
    panelSplit,
    judgeScore,
    judgePasses,
    rewardPasses,
    isAgainstReward: judgePasses !== null && rewardPasses !== null && judgePasses !== rewardPasses,
  };
}

export const isDisagreement = (d: JudgeDisagreement) => d.panelSplit > 0 || d.isAgainstReward;

/**
 * The queue order of the rollouts that disagree: the widest panel split first, then the judge
 * against the reward, then newest. Rollouts without a disagreement are left out.
 */
export function orderJudgeDisagreements(
  candidates: readonly { id: string; createdAt: Date; disagreement: JudgeDisagreement | undefined }[],
): string[] {
  return candidates
    .filter((c) => c.disagreement && isDisagreement(c.disagreement))
    .sort((a, b) => {
      const da = a.disagreement as JudgeDisagreement;
      const db = b.disagreement as JudgeDisagreement;
      return (
        db.panelSplit - da.panelSplit ||
        Number(db.isAgainstReward) - Number(da.isAgainstReward) ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
      );
    })
    .map((c) => c.id);
}
