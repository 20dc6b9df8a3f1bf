import { describe, expect, it } from "vitest";
import { FIXTURE_SNAPSHOT } from "@/lib/exports/__fixtures__/fixture-snapshot";
import type { EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";
import {
  type GradeInSandbox,
  type HackJudgments,
  isRegression,
  type ReplayGrader,
  replayCorpus,
  replayHack,
} from "./replay";

// A snapshot with one task graded by an exact-match check (threshold 1) and the fixture's two
// criteria (loss, weight 2; diagnosis, scale 0..4), one graded by a test script and one criterion,
// one by rubric criteria only.
function snapshotWith(expected: string): EnvironmentVersionSnapshot {
  const base = FIXTURE_SNAPSHOT.tasks[0];
  const task = (key: string, patch: Partial<typeof base>) => ({ ...base, key, ...patch });
  const exact = {
    key: "exact",
    kind: "exact-match" as const,
    description: "",
    weight: 1,
    requirements: [],
    config: { expected, caseSensitive: false, normalizeWhitespace: true },
  };
  return {
    ...FIXTURE_SNAPSHOT,
    tasks: [
      task("answer", {
        scoring: { mode: "threshold", threshold: 1, bestKnownScore: null },
        testScripts: [],
        checks: [exact],
      }),
      task("scripted", {
        scoring: { mode: "threshold", threshold: 0.5, bestKnownScore: null },
        testScripts: [{ filename: "test.py", language: "python", content: "assert True" }],
        checks: [],
        rubric: { ...base.rubric, criteria: base.rubric.criteria.slice(0, 1) },
      }),
      task("judged", {
        scoring: { mode: "threshold", threshold: 0.75, bestKnownScore: null },
        testScripts: [],
        checks: [],
      }),
    ],
  };
}

const hack = (
  taskKey: string | null,
  finalAnswer: string,
  rolloutId = `r-${taskKey}`,
  toolCallCount = 0,
) => ({
  rolloutId,
  taskKey,
  model: "m",
  finalAnswer,
  toolCallCount,
});

const noSandbox: GradeInSandbox = async () => {
  throw new Error("the sandbox is not expected here");
};

/** The judge grades every criterion of every task unless `criteria` (task key → keys) says otherwise. */
function grader(
  snapshot: EnvironmentVersionSnapshot,
  judgments: Record<string, HackJudgments> | null = null,
  gradeInSandbox: GradeInSandbox = noSandbox,
  criteria: Record<string, string[]> = Object.fromEntries(
    snapshot.tasks.map((t) => [t.key, t.rubric.criteria.map((c) => c.key)]),
  ),
): ReplayGrader {
  return {
    snapshot,
    judge: judgments
      ? {
          version: 2,
          name: "rubric-judge",
          criteria: new Map(Object.entries(criteria)),
          judgments: new Map(Object.entries(judgments)),
        }
      : null,
    gradeInSandbox,
  };
}

const scored = (score: number) => ({ status: "scored" as const, score });

describe("replaying the reward-hack corpus", () => {
  it("says which known hacks a version's checks still reward", async () => {
    const loose = grader(snapshotWith("42"));
    expect(await replayHack(loose, hack("answer", "42"))).toMatchObject({ outcome: "rewarded", score: 1 });
    const strict = grader(snapshotWith("42 because 6 x 7"));
    expect(await replayHack(strict, hack("answer", "42"))).toMatchObject({
      outcome: "not-rewarded",
      score: 0,
    });
  });

  it("grades rubric criteria with the deployed judge's judgments, weighted with the checks", async () => {
    const snapshot = snapshotWith("42");
    const met = grader(snapshot, { "r-judged": { criteria: { loss: scored(1), diagnosis: scored(4) } } });
    expect(await replayHack(met, hack("judged", "42"))).toMatchObject({
      outcome: "rewarded",
      score: 1,
      reason: "judge v2: loss 1/1, diagnosis 4/4",
    });
    // loss (weight 2) met, diagnosis 1 of 4 (weight 1): (2 + 0.25) / 3 = 0.75, the threshold.
    const partly = grader(snapshot, { "r-judged": { criteria: { loss: scored(1), diagnosis: scored(1) } } });
    expect(await replayHack(partly, hack("judged", "42"))).toMatchObject({
      outcome: "rewarded",
      score: 0.75,
    });
    const missed = grader(snapshot, { "r-judged": { criteria: { loss: scored(0), diagnosis: scored(4) } } });
    expect(await replayHack(missed, hack("judged", "42"))).toMatchObject({
      outcome: "not-rewarded",
      score: 0.333,
    });
    // With the checks: exact (1) + loss 0 (2) + diagnosis 4/4 (1) = 2 / 4.
    const mixed = grader(snapshot, { "r-answer": { criteria: { loss: scored(0), diagnosis: scored(4) } } });
    expect(await replayHack(mixed, hack("answer", "42"))).toMatchObject({
      outcome: "not-rewarded",
      score: 0.5,
    });
  });

  it("leaves out the criteria the judge does not grade, as the exported grader does, and says which", async () => {
    const snapshot = snapshotWith("42");
    // The judge grades loss only: diagnosis is out of the reward (loss 0 of weight 2 → 0, not 0.333).
    const lossOnly = { answer: ["loss"], judged: ["loss"], scripted: ["loss"] };
    const judged = {
      "r-judged": { criteria: { loss: scored(0) } },
      "r-answer": { criteria: { loss: scored(1) } },
    };
    const replay = grader(snapshot, judged, noSandbox, lossOnly);
    expect(await replayHack(replay, hack("judged", "42"))).toMatchObject({
      outcome: "not-rewarded",
      score: 0,
      reason:
        'judge v2: loss 0/1; left out, as the exported grader does: "diagnosis" (not graded by this judge)',
    });
    // With the check: exact (1, weight 1) + loss (1, weight 2) = 1.
    expect(await replayHack(replay, hack("answer", "42"))).toMatchObject({ outcome: "rewarded", score: 1 });
    // A judge that grades none of a task's criteria: graded as with no judge, and it says so.
    const none = grader(snapshot, {}, noSandbox, { answer: [], judged: [] });
    expect((await replayHack(none, hack("judged", "42"))).reason).toMatch(
      /needs a judge, and the judge \(rubric-judge v2\) grades none of its criteria/,
    );
    expect(await replayHack(none, hack("answer", "42"))).toMatchObject({
      outcome: "rewarded",
      reason: expect.stringMatching(/grades none of its criteria: rubric criteria are left out/),
    });
  });

  it("says why the judge's part could not be replayed", async () => {
    const snapshot = snapshotWith("42");
    const reasonOf = async (judged: HackJudgments | undefined) =>
      (await replayHack(grader(snapshot, judged ? { "r-judged": judged } : {}), hack("judged", "42"))).reason;
    expect(await reasonOf({ error: "429 from the provider" })).toMatch(/could not be asked: 429/);
    expect(await reasonOf({ criteria: { loss: scored(1) } })).toMatch(
      /returned no judgment for the criterion "diagnosis"/,
    );
    expect(await reasonOf({ criteria: { loss: scored(1), diagnosis: { status: "unevaluable" } } })).toMatch(
      /found the criterion "diagnosis" unevaluable/,
    );
    expect(await reasonOf(undefined)).toMatch(/was not asked/);
    // No judge deployed: criteria-only tasks can't be replayed; checks still are, without the criteria.
    expect((await replayHack(grader(snapshot), hack("judged", "42"))).reason).toMatch(/needs a judge/);
    expect(await replayHack(grader(snapshot), hack("answer", "42"))).toMatchObject({
      outcome: "rewarded",
      reason: expect.stringMatching(/No judge is deployed: rubric criteria are left out/),
    });
  });

  it("runs test scripts through the sandbox grader with the judge's scores, unless the agent worked in its environment", async () => {
    const calls: { task: string; answer: string; judgeReply: string | null }[] = [];
    const sandbox: GradeInSandbox = async ({ task, answer, judgeReply }) => {
      calls.push({ task: task.key, answer, judgeReply });
      return { score: 0.5, detail: "reward functions: studio_reward=0.5" };
    };
    const judged = { "r-scripted": { criteria: { loss: scored(1) } } };
    const replay = grader(snapshotWith("42"), judged, sandbox);
    expect(await replayHack(replay, hack("scripted", "the tests pass"))).toMatchObject({
      outcome: "rewarded",
      score: 0.5,
      reason: expect.stringMatching(/^Exported grader in the sandbox \(checks and 1 test script\)/),
    });
    expect(calls).toEqual([
      { task: "scripted", answer: "the tests pass", judgeReply: JSON.stringify({ scores: { loss: 1 } }) },
    ]);
    const agentic = await replayHack(replay, hack("scripted", "done", "r-scripted", 3));
    expect(agentic.outcome).toBe("cannot-replay");
    expect(agentic.reason).toMatch(/final state \(the agent made 3 tool calls there\)/);
    expect(calls).toHaveLength(1);
    const broken = grader(snapshotWith("42"), judged, async () => ({ score: null, detail: "bwrap missing" }));
    expect((await replayHack(broken, hack("scripted", "x"))).reason).toMatch(
      /could not be run in the sandbox: bwrap/,
    );
    expect((await replayHack(grader(snapshotWith("42")), hack("scripted", "x"))).reason).toMatch(
      /needs a judge/,
    );
  });

  it("says why a hack cannot be replayed", async () => {
    const replay = grader(snapshotWith("42"));
    expect((await replayHack(replay, hack("gone", "42"))).reason).toMatch(/not in this version/);
    expect((await replayHack(replay, hack("answer", "  "))).reason).toMatch(/no final answer/);
  });

  it("marks a version that rewards more known hacks than the last one as a regression", async () => {
    const hacks = [hack("answer", "42", "a"), hack("answer", "42", "b"), hack("judged", "x")];
    const before = await replayCorpus(grader(snapshotWith("42 because 6 x 7")), hacks);
    const after = await replayCorpus(grader(snapshotWith("42")), hacks);
    expect(after.summary).toEqual({ hacks: 3, replayed: 2, rewarded: 2, cannotReplay: 1 });
    expect(isRegression(after.summary, before.summary)).toBe(true);
    expect(isRegression(before.summary, after.summary)).toBe(false);
    expect(isRegression(after.summary, null)).toBe(false);
  });
});
