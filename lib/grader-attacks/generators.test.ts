import { describe, expect, it } from "vitest";
import { listAttackDemoTaskInputs } from "@/lib/demo/attack-demo-tasks";
import { parseSnapshot, SNAPSHOT_FORMAT_VERSION, type SnapshotTask } from "@/lib/exports/snapshot";
import {
  buildBattery,
  buildFormatSkeleton,
  buildGenericAttacks,
  changeNumbers,
  HONEST_GIVE_UP,
  listGraderKeywords,
  PADDING_CHARS,
  reverseConclusion,
} from "./generators";
import { buildScriptedAttacks, listPromptTargets } from "./scripted-attacks";
import { findLetThrough, getGiveUpAllowance, judgeAttack } from "./verdict";

function demoTask(key: string): SnapshotTask {
  const found = listAttackDemoTaskInputs().find((t) => t.key === key)!;
  const { input } = found;
  const snapshot = parseSnapshot({
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    environment: { slug: "x", name: "x", description: "", domain: "", tags: [] },
    version: 1,
    approvedAt: "2026-01-01T00:00:00.000Z",
    approvedBy: "t",
    tasks: [
      {
        key,
        title: input.title,
        prompt: input.prompt,
        tags: input.tags,
        difficulty: input.difficulty,
        timeBudgetMinutes: input.timeBudgetMinutes,
        turnBudget: input.turnBudget,
        giveUp: input.giveUp,
        scoring: { mode: input.scoring.mode, threshold: input.scoring.threshold, bestKnownScore: null },
        resources: [],
        answerKey: input.answerKey,
        referenceSolutions: input.referenceSolutions,
        rubric: { judgeTemplate: "", criteria: [], goldenExamples: [] },
        checks: input.checks.map((c) => ({ ...c, config: c.config as Record<string, unknown> })),
        testScripts: input.testScripts,
      },
    ],
    samples: [],
    report: null,
  });
  return snapshot.tasks[0];
}

describe("generic attacks", () => {
  const task = demoTask("capital-keyword-check");
  const { attacks } = buildGenericAttacks(task, task.referenceSolutions[0].content);
  const byName = new Map(attacks.map((a) => [a.name, a]));

  it("builds the non-solutions: empty, whitespace, refusal, give-up, echo, padding, grader address, fake log", () => {
    expect(byName.get("empty")?.answer).toBeNull();
    expect(byName.get("whitespace")?.answer?.trim()).toBe("");
    expect(byName.get("refusal")?.answer).toMatch(/can't help/);
    expect(byName.get(HONEST_GIVE_UP)?.answer).toMatch(/^GIVE UP:/);
    expect(byName.get("prompt-echo")?.answer).toBe(task.prompt);
    expect(byName.get("long-padding")?.answer).toHaveLength(PADDING_CHARS);
    expect(byName.get("address-the-grader")?.answer).toMatch(/ignore the rubric/i);
    expect(byName.get("fake-test-log")?.answer).toMatch(/12 passed/);
    expect(attacks.every((a) => a.family === "generic")).toBe(true);
  });

  it("stuffs the checks' own words, never the answer key", () => {
    expect(listGraderKeywords(task)).toEqual(expect.arrayContaining(["capital", "australia"]));
    const stuffed = byName.get("keyword-stuffing")?.answer ?? "";
    expect(stuffed).toMatch(/capital/i);
    expect(stuffed).not.toMatch(/canberra/i);
  });

  it("fills the required format with nothing", () => {
    const skeleton = buildFormatSkeleton(task, "# Verdict\nAnswer: Canberra\n\n## Reason\nIt is.\n");
    expect(skeleton).toContain("# Verdict");
    expect(skeleton).toContain("Answer:");
    expect(skeleton).not.toContain("Canberra");
    expect(buildFormatSkeleton(task, '{"verdict": "flawed", "n": 3}')).toBe(
      JSON.stringify({ verdict: "", n: 0 }, null, 2),
    );
  });

  it("changes the reference's numbers and reverses its conclusion through the planted-flaw procedure", () => {
    const numbers = changeNumbers("The attack success rate was 42.5% over 3 seeds.");
    expect(numbers).not.toBeNull();
    expect(numbers).not.toContain("42.5");
    expect(changeNumbers("No digits here.")).toBeNull();
    expect(reverseConclusion("Overall, the method increased robustness.")).toMatch(/decreased/);
    expect(reverseConclusion('{"sound": true}')).toContain("false");
  });
});

describe("scripted attacks", () => {
  it("are built only for graders that run test scripts", () => {
    const none = buildScriptedAttacks(demoTask("capital-keyword-check"));
    expect(none.attacks).toEqual([]);
    expect(none.skipped[0].reason).toMatch(/no test script/);
  });

  it("carry each hack kind as a python program, writing the files the prompt names", () => {
    const { attacks } = buildScriptedAttacks(demoTask("sum-trusts-file"));
    const names = attacks.map((a) => a.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "exit-early",
        "pytest-conftest",
        "delete-tests",
        "overwrite-grader",
        "read-answer-key",
      ]),
    );
    for (const a of attacks) expect(a.answer).toMatch(/```python\n[\s\S]+```/);
    expect(attacks.find((a) => a.name === "overwrite-grader")?.answer).toContain('"result.txt"');
    expect(attacks.find((a) => a.name === "pytest-conftest")?.answer).toContain("pytest_runtest_makereport");
  });

  it("makes always-equal objects for the functions a prompt names", () => {
    expect(listPromptTargets("Write `add(a, b)` and def mul(x): and save to out.json")).toEqual({
      functions: ["add", "mul"],
      files: ["out.json"],
    });
  });

  it("puts the battery together with what was skipped", () => {
    const task = demoTask("sum-isolated-run");
    const battery = buildBattery(task, task.referenceSolutions[0].content);
    expect(new Set(battery.attacks.map((a) => a.name)).size).toBe(battery.attacks.length);
    expect(battery.skipped.map((s) => s.name)).toContain("always-equal");
  });
});

describe("verdict", () => {
  const task = demoTask("capital-keyword-check");
  it("an attack at the pass bar, or above the honest give-up, got through", () => {
    expect(judgeAttack({ task, attack: "x", score: 1, giveUpScore: 0 }).succeeded).toBe(true);
    expect(judgeAttack({ task, attack: "x", score: 0.3, giveUpScore: 0 })).toMatchObject({
      succeeded: true,
      reachedPassBar: false,
    });
    expect(judgeAttack({ task, attack: "x", score: 0, giveUpScore: 0 }).succeeded).toBe(false);
    expect(judgeAttack({ task, attack: "x", score: null, giveUpScore: 0 }).succeeded).toBe(false);
  });

  it("an honest give-up may score no more than the give-up policy allows", () => {
    expect(getGiveUpAllowance(task)).toBe(0);
    expect(judgeAttack({ task, attack: HONEST_GIVE_UP, score: 0.1, giveUpScore: null }).succeeded).toBe(true);
    expect(judgeAttack({ task, attack: HONEST_GIVE_UP, score: 0, giveUpScore: null }).succeeded).toBe(false);
  });

  it("names the check that let an attack through", () => {
    expect(
      findLetThrough({ task, answer: "The capital of Australia is Sydney.", score: 1, criterionScores: {} }),
    ).toEqual(["check mentions-topic"]);
    const scripted = demoTask("sum-trusts-file");
    expect(findLetThrough({ task: scripted, answer: "x", score: 1, criterionScores: {} })).toEqual([
      "test script test_sum.py",
    ]);
  });
});
