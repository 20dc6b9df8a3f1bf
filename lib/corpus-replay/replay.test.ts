import { describe, expect, it } from "vitest";
import { FIXTURE_SNAPSHOT } from "@/lib/exports/__fixtures__/fixture-snapshot";
import type { EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";
import { isRegression, replayCorpus, replayHack } from "./replay";

// A snapshot with one task graded by an exact-match check (threshold 1), one graded by a test
// script, one by rubric criteria only.
function snapshotWith(expected: string): EnvironmentVersionSnapshot {
  const base = FIXTURE_SNAPSHOT.tasks[0];
  const task = (key: string, patch: Partial<typeof base>) => ({ ...base, key, ...patch });
  return {
    ...FIXTURE_SNAPSHOT,
    tasks: [
      task("answer", {
        scoring: { mode: "threshold", threshold: 1, bestKnownScore: null },
        testScripts: [],
        checks: [
          {
            key: "exact",
            kind: "exact-match",
            description: "",
            weight: 1,
            requirements: [],
            config: { expected, caseSensitive: false, normalizeWhitespace: true },
          },
        ],
      }),
      task("scripted", {
        testScripts: [{ filename: "test.py", language: "python", content: "assert True" }],
      }),
      task("judged", { testScripts: [], checks: [] }),
    ],
  };
}

const hack = (taskKey: string | null, finalAnswer: string, rolloutId = `r-${taskKey}`) => ({
  rolloutId,
  taskKey,
  model: "m",
  finalAnswer,
});

describe("replaying the reward-hack corpus", () => {
  it("says which known hacks a version's checks still reward", () => {
    const loose = snapshotWith("42");
    expect(replayHack(loose, hack("answer", "42"))).toMatchObject({ outcome: "rewarded", score: 1 });
    const strict = snapshotWith("42 because 6 x 7");
    expect(replayHack(strict, hack("answer", "42"))).toMatchObject({ outcome: "not-rewarded", score: 0 });
  });

  it("says why a hack cannot be replayed", () => {
    const snapshot = snapshotWith("42");
    expect(replayHack(snapshot, hack("scripted", "42")).reason).toMatch(/final state/);
    expect(replayHack(snapshot, hack("judged", "42")).reason).toMatch(/needs a judge/);
    expect(replayHack(snapshot, hack("gone", "42")).reason).toMatch(/not in this version/);
    expect(replayHack(snapshot, hack("answer", "  ")).reason).toMatch(/no final answer/);
  });

  it("marks a version that rewards more known hacks than the last one as a regression", () => {
    const hacks = [hack("answer", "42", "a"), hack("answer", "42", "b"), hack("scripted", "x")];
    const before = replayCorpus(snapshotWith("42 because 6 x 7"), hacks);
    const after = replayCorpus(snapshotWith("42"), hacks);
    expect(after.summary).toEqual({ hacks: 3, replayed: 2, rewarded: 2, cannotReplay: 1 });
    expect(isRegression(after.summary, before.summary)).toBe(true);
    expect(isRegression(before.summary, after.summary)).toBe(false);
    expect(isRegression(after.summary, null)).toBe(false);
  });
});
