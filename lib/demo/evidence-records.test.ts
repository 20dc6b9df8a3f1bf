import { describe, expect, it } from "vitest";
import { isPassingReward } from "@/lib/reports/pass-rule";
import {
  buildEvidenceRecords,
  EVIDENCE_MODELS,
  EVIDENCE_PASSES,
  type EvidenceTask,
  pickReward,
  ROLLOUTS_PER_PAIR,
} from "./evidence-records";

const tasks: EvidenceTask[] = [
  {
    key: "design-experiment",
    title: "design-experiment",
    prompt: "",
    scoringMode: "threshold",
    scoringThreshold: 0.7,
    bestKnownScore: null,
    criteria: ["plan", "controls"],
  },
  {
    key: "reproduce-redacted",
    title: "reproduce-redacted",
    prompt: "",
    scoringMode: "continuous",
    scoringThreshold: null,
    bestKnownScore: null,
    criteria: [],
  },
  {
    key: "critique-flawed-paper",
    title: "critique-flawed-paper",
    prompt: "",
    scoringMode: "improvement",
    scoringThreshold: null,
    bestKnownScore: 42,
    criteria: ["flaw"],
  },
  {
    key: "governance-impact",
    title: "governance-impact",
    prompt: "",
    scoringMode: "threshold",
    scoringThreshold: 0,
    bestKnownScore: null,
    criteria: [],
  },
];

describe("the demo evidence records", () => {
  const records = buildEvidenceRecords(tasks).map((line) => JSON.parse(line));

  it("gives each task × model twelve rollouts with the planned number of passes under the task's own rule", () => {
    expect(records).toHaveLength(tasks.length * EVIDENCE_MODELS.length * ROLLOUTS_PER_PAIR);
    for (const task of tasks) {
      EVIDENCE_MODELS.forEach((model, m) => {
        const mine = records.filter((r) => r.task === task.key && r.model === model);
        expect(mine).toHaveLength(ROLLOUTS_PER_PAIR);
        expect(mine.filter((r) => isPassingReward(task, r.reward))).toHaveLength(
          EVIDENCE_PASSES[task.key][m],
        );
      });
    }
  });

  it("scores each rubric criterion and keeps ids unique", () => {
    const design = records.filter((r) => r.task === "design-experiment");
    expect(Object.keys(design[0].scores)).toEqual(["plan", "controls"]);
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
  });

  it("fails a zero-threshold task with a negative reward", () => {
    expect(pickReward(tasks[3], false, 1)).toBeLessThan(0);
    expect(pickReward(tasks[2], true, 3)).toBeGreaterThanOrEqual(42);
  });
});
