import { describe, expect, it } from "vitest";
import { buildDifficultySection } from "./difficulty";
import { buildFailuresSection } from "./failures";
import type { CategoryCount, VerdictCount } from "./failures-query";

const difficulty = buildDifficultySection(
  [
    { task: "t1", model: "strong", n: 8, passed: 6, meanReward: 0.8, rewardVariance: 0 },
    { task: "t2", model: "strong", n: 8, passed: 7, meanReward: 0.9, rewardVariance: 0 },
    { task: "t1", model: "weak", n: 8, passed: 1, meanReward: 0.2, rewardVariance: 0 },
  ],
  8,
);
const verdicts: VerdictCount[] = [
  { task: "t1", model: "strong", verdict: "genuine-failure", rewardPass: false, count: 2 },
  { task: "t1", model: "strong", verdict: "genuine-success", rewardPass: true, count: 3 },
  { task: "t2", model: "strong", verdict: "environment-broken", rewardPass: false, count: 1 },
  { task: "t1", model: "weak", verdict: "reward-hack", rewardPass: true, count: 1 },
];
const category = (
  task: string,
  model: string,
  key: string,
  count: number,
  rewardPass = false,
): CategoryCount => ({
  task,
  model,
  verdict: "genuine-failure",
  rewardPass,
  category: key,
  family: key === "read-answer-key" ? "reward-hack" : "failure-mode",
  name: key,
  count,
});
const categories = [
  category("t1", "strong", "wrong-result", 2),
  category("t2", "strong", "environment-broken", 1),
  category("t1", "strong", "incomplete", 1),
  category("t1", "weak", "read-answer-key", 1, true),
];

describe("the failures section", () => {
  const section = buildFailuresSection({ difficulty, verdicts, categories, examples: [] });

  it("tallies verdicts and categories per model and per task", () => {
    expect(section.labelled).toBe(7);
    const strong = section.byModel.find((row) => row.key === "strong");
    expect(strong?.labelled).toBe(6);
    expect(strong?.verdicts).toEqual({ "genuine-failure": 2, "genuine-success": 3, "environment-broken": 1 });
    expect(strong?.categories.map((c) => [c.category, c.count])).toEqual([
      ["wrong-result", 2],
      ["environment-broken", 1],
      ["incomplete", 1],
    ]);
    const t1 = section.byTask.find((row) => row.key === "t1");
    expect(t1?.labelled).toBe(6);
    expect(t1?.categories.find((c) => c.category === "read-answer-key")?.family).toBe("reward-hack");
  });

  it("explains the best model's failures: what it failed, why, and where", () => {
    expect(section.bestModel).toMatchObject({
      model: "strong",
      n: 16,
      failed: 3,
      failedLabelled: 3,
      tasksWithFailures: 2,
    });
    expect(section.bestModel?.verdicts).toEqual({ "genuine-failure": 2, "environment-broken": 1 });
    expect(section.bestModel?.categories.map((c) => c.category)).toEqual([
      "wrong-result",
      "environment-broken",
      "incomplete",
    ]);
    expect(section.bestModel?.tasks).toEqual([
      { task: "t1", n: 8, failed: 2 },
      { task: "t2", n: 8, failed: 1 },
    ]);
  });
});
