import { describe, expect, it } from "vitest";
import { behaviourKey, compareSteps } from "./compare-steps";
import type { RunStep } from "./queries";

const step = (n: number, fields: Partial<RunStep>): RunStep => ({
  step: n,
  rollouts: 10,
  running: 0,
  meanReward: 0.5,
  rewardStdDev: 0.1,
  rewardP25: 0.4,
  rewardP75: 0.6,
  passRate: 0.5,
  flagRate: null,
  scanned: 0,
  flagged: 0,
  flagRates: {},
  giveUpRate: 0,
  meanMessages: 10,
  meanToolCalls: 2,
  toolCalls: {},
  tasks: [],
  ...fields,
});

describe("compareSteps", () => {
  it("ranks tasks by how far their pass rate moved, either way", () => {
    const a = step(1, {
      tasks: [
        { task: "steady", rollouts: 4, scored: 4, passed: 2 },
        { task: "worse", rollouts: 4, scored: 4, passed: 3 },
        { task: "better", rollouts: 4, scored: 4, passed: 0 },
      ],
    });
    const b = step(5, {
      tasks: [
        { task: "steady", rollouts: 4, scored: 4, passed: 2 },
        { task: "worse", rollouts: 4, scored: 4, passed: 1 },
        { task: "better", rollouts: 4, scored: 4, passed: 4 },
        { task: "new", rollouts: 2, scored: 0, passed: 0 },
      ],
    });
    const { tasks, a: from, b: to } = compareSteps(a, b);
    expect([from, to]).toEqual([1, 5]);
    expect(tasks.map((t) => [t.task, t.delta])).toEqual([
      ["better", 1],
      ["worse", -0.5],
      ["steady", 0],
      ["new", null],
    ]);
  });

  it("names tools that appeared, vanished, grew or shrank, per rollout", () => {
    const a = step(1, { rollouts: 10, toolCalls: { read: 20, search: 10, grep: 10, bash: 5 } });
    const b = step(2, { rollouts: 20, toolCalls: { read: 40, edit_tests: 6, grep: 60, bash: 1 } });
    expect(compareSteps(a, b).behaviours.map((c) => [c.name, c.change])).toEqual([
      ["edit_tests", "appeared"],
      ["search", "vanished"],
      ["grep", "grew"],
      ["bash", "shrank"],
    ]);
  });

  it("names scanner signatures first flagged at the later step, gone, or flagged far more or less often", () => {
    const a = step(3, {
      flagRate: 0.3,
      flagRates: { "tests-modified": 0.2, "answer-key-read": 0.1, "skip-marker": 0.3 },
    });
    const b = step(7, {
      flagRate: 0.5,
      flagRates: { "tests-modified": 0.5, "network-fetch": 0.25, "skip-marker": 0.35 },
    });
    const behaviours = compareSteps(a, b).behaviours.filter((c) => c.kind === "signature");
    expect(behaviours.map((c) => [c.name, c.change, c.before, c.after])).toEqual([
      ["network-fetch", "appeared", 0, 0.25],
      ["answer-key-read", "vanished", 0.1, 0],
      ["tests-modified", "grew", 0.2, 0.5],
    ]);
    expect(behaviourKey(behaviours[0])).toBe("signature:network-fetch");
    expect(behaviourKey({ kind: "tool", name: "grep" })).toBe("grep");
  });
});
