import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toCoverageInput } from "../__fixtures__/labelled";
import { scoreLabelledSet } from "../__fixtures__/labelled/score";
import type { LabelledTask } from "../__fixtures__/labelled/types";
import { checkCoverage } from "../check-coverage";
import type { Finding } from "../types";
import { isRaised } from "./merge-review";
import { makeReplayCompletion, REPLAY_MODEL, type ReplayFixture, replayFixture } from "./replay";
import { hashReviewRequest } from "./review-hash";
import { buildReviewRequest, REVIEW_PROMPT_VERSION } from "./review-request";
import { reviewTask } from "./run-review";

const DIR = path.join(process.cwd(), "test-data/coverage-eval");
const tasks: (LabelledTask & { split: string })[] = JSON.parse(
  readFileSync(path.join(DIR, "tasks.json"), "utf8"),
);

const requestOf = (task: LabelledTask) => {
  const input = toCoverageInput(task);
  const request = buildReviewRequest({ input, ruleFindings: checkCoverage(input).findings });
  const messages = [{ role: "user" as const, content: request.user }];
  return {
    input,
    request,
    hash: hashReviewRequest({ model: REPLAY_MODEL, system: request.system, messages }),
  };
};

// Each test runs the coverage rules over all 72 tasks: about a second on an idle machine, many more
// on a loaded one, so past the unit project's 5 s default.
describe("recorded model requests of the outside set", { timeout: 60_000 }, () => {
  // A small subset keeps CI fast; the benchmark covers all 72.
  const subset = tasks.filter((t) => t.split === "test").slice(0, 6);

  it("are exactly what the studio sends now (re-record when the prompt or the rules change)", () => {
    const stored = new Set(readdirSync(path.join(DIR, "requests")).map((f) => f.replace(/\.json$/, "")));
    for (const task of subset) expect(stored).toContain(requestOf(task).hash.slice(0, 16));
  });

  it("replay by request hash, and a request without a recording fails instead of passing as clean", async () => {
    const [first, second] = subset;
    const { input, hash } = requestOf(first);
    const fixture: ReplayFixture = {
      promptVersion: REVIEW_PROMPT_VERSION,
      recorded: "test double, not a model",
      answers: { [hash]: { text: '{"findings": [], "ruleFindings": []}', answeredBy: "test" } },
    };
    const replayed = await reviewTask({
      input,
      result: checkCoverage(input),
      complete: makeReplayCompletion(fixture),
      model: REPLAY_MODEL,
    });
    expect(replayed.review).toMatchObject({ status: "reviewed", cached: true });
    expect(replayed.findings.filter(isRaised).length).toBe(checkCoverage(input).findings.length);
    const other = requestOf(second).input;
    const missed = await reviewTask({
      input: other,
      result: checkCoverage(other),
      complete: makeReplayCompletion(fixture),
      model: REPLAY_MODEL,
    });
    expect(missed.review?.status).toBe("failed");
    expect(missed.review?.message).toContain("no recorded answer");
  });
});

describe("the model-first review replayed on the outside set", { timeout: 60_000 }, () => {
  const fixture = replayFixture.parse(JSON.parse(readFileSync(path.join(DIR, "replay.json"), "utf8")));

  it("has a recorded answer for every task's exact request (re-record when the prompt or rules change)", () => {
    const missing = tasks.filter((t) => !fixture.answers[requestOf(t).hash]).map((t) => t.id);
    expect(missing).toEqual([]);
    expect(fixture.promptVersion).toBe(REVIEW_PROMPT_VERSION);
  }, 60_000); // 72 rule checks and requests: about 3 s alone, 15 s on a loaded machine

  // The development half keeps a floor; the test half is printed, never asserted (nobody tunes on it).
  it("gets at least 90% of the development half's tasks right", async () => {
    const scoreHalf = async (split: string) => {
      const half = tasks.filter((t) => t.split === split);
      const results = new Map<string, { findings: Finding[] }>();
      for (const task of half) {
        const { input } = requestOf(task);
        const reviewed = await reviewTask({
          input,
          result: checkCoverage(input),
          complete: makeReplayCompletion(fixture),
          model: REPLAY_MODEL,
        });
        results.set(task.id, { findings: reviewed.findings.filter(isRaised) });
      }
      return scoreLabelledSet(half, results);
    };
    const dev = await scoreHalf("dev");
    const test = await scoreHalf("test");
    console.info(
      `model mode: dev ${dev.tasksRight}/${dev.tasks} right, test ${test.tasksRight}/${test.tasks} right`,
    );
    expect(dev.tasksRight / dev.tasks).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});
