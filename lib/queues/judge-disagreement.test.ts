import { describe, expect, it } from "vitest";
import {
  assessJudgeDisagreement,
  type JudgedCriterion,
  judgeRubricScore,
  orderJudgeDisagreements,
} from "./judge-disagreement";

const binary = (score: number | null, disagreement: number | null = null): JudgedCriterion => ({
  weight: 1,
  type: "binary",
  scaleMax: null,
  status: score === null ? "unevaluable" : "scored",
  score,
  disagreement,
});
const scale = (score: number, scaleMax: number, weight = 1): JudgedCriterion => ({
  weight,
  type: "scale",
  scaleMax,
  status: "scored",
  score,
  disagreement: null,
});
const fullMarks = { scoringMode: "threshold" as const, scoringThreshold: null, bestKnownScore: null };

describe("the judge's rubric score", () => {
  it("is the weighted mean of criterion scores on 0–1", () => {
    expect(judgeRubricScore([binary(1), scale(2, 4)])).toBeCloseTo(0.75, 12);
    expect(judgeRubricScore([binary(1), scale(0, 4, 3)])).toBeCloseTo(0.25, 12);
  });
  it("is unknown when a criterion is unevaluable or none was judged", () => {
    expect(judgeRubricScore([binary(1), binary(null)])).toBeNull();
    expect(judgeRubricScore([])).toBeNull();
  });
});

describe("judge disagreements", () => {
  it("flags the judge failing a rollout the reward passes, and the reverse", () => {
    expect(assessJudgeDisagreement({ reward: 1, scoring: fullMarks, criteria: [binary(0)] })).toMatchObject({
      judgePasses: false,
      rewardPasses: true,
      isAgainstReward: true,
      panelSplit: 0,
    });
    expect(
      assessJudgeDisagreement({ reward: 0, scoring: fullMarks, criteria: [binary(1)] }).isAgainstReward,
    ).toBe(true);
    expect(
      assessJudgeDisagreement({ reward: 1, scoring: fullMarks, criteria: [binary(1)] }).isAgainstReward,
    ).toBe(false);
  });

  it("uses the task's pass bar for both sides", () => {
    const threshold = { scoringMode: "threshold" as const, scoringThreshold: 0.5, bestKnownScore: null };
    // Judge 0.75 and reward 0.6 both clear 0.5: no contradiction (with full marks as the bar, the judge fails).
    const criteria = [binary(1), scale(2, 4)];
    expect(assessJudgeDisagreement({ reward: 0.6, scoring: threshold, criteria }).isAgainstReward).toBe(
      false,
    );
    expect(assessJudgeDisagreement({ reward: 1, scoring: fullMarks, criteria }).isAgainstReward).toBe(true);
  });

  it("can't contradict a missing reward or an unevaluable judgment, but a panel split still counts", () => {
    expect(
      assessJudgeDisagreement({ reward: null, scoring: fullMarks, criteria: [binary(0)] }).isAgainstReward,
    ).toBe(false);
    const split = assessJudgeDisagreement({
      reward: 1,
      scoring: fullMarks,
      criteria: [binary(1, 1 / 3), binary(null, 0.5)],
    });
    expect(split).toMatchObject({ isAgainstReward: false, judgeScore: null, panelSplit: 0.5 });
  });

  it("orders the widest panel split first, then contradictions, then newest, and drops agreement", () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    const of = (criteria: JudgedCriterion[], reward: number) =>
      assessJudgeDisagreement({ reward, scoring: fullMarks, criteria });
    const order = orderJudgeDisagreements([
      { id: "agree", createdAt: at(9), disagreement: of([binary(1)], 1) },
      { id: "unjudged", createdAt: at(8), disagreement: undefined },
      { id: "old-contradiction", createdAt: at(1), disagreement: of([binary(0)], 1) },
      { id: "new-contradiction", createdAt: at(5), disagreement: of([binary(1)], 0) },
      { id: "small-split", createdAt: at(2), disagreement: of([binary(1, 0.25)], 1) },
      { id: "wide-split", createdAt: at(0), disagreement: of([binary(1, 0.5)], 1) },
    ]);
    expect(order).toEqual(["wide-split", "small-split", "new-contradiction", "old-contradiction"]);
  });
});
