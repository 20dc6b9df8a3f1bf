import { describe, expect, it } from "vitest";
import { collectImport, writeTempFile } from "@/lib/imports/testing/corpus";
import type { NormalizedRollout } from "@/lib/imports/types";
import { applyRewardKey } from "../reward-key";
import { inspectImporter } from "./inspect";

// Inspect scorers whose value is a dict of named values (`@scorer(metrics={"accuracy": [mean()]})`
// returning `Score(value={"accuracy": …, "tokens": …})`), in the log layout Inspect writes:
// `eval.scorers[].metrics` keyed by value name, `results.scores[]` one entry per key (name = key).

const mean = [{ name: "inspect_ai/mean" }];

function log(scorer: Record<string, unknown>, samples: unknown[], results?: unknown) {
  return JSON.stringify({
    version: 2,
    status: "success",
    eval: { task: "gsm", model: "openai/gpt-4o-mini", scorers: [scorer] },
    plan: { steps: [] },
    ...(results ? { results } : {}),
    samples,
  });
}

const sample = (id: number, value: unknown, extra: Record<string, unknown> = {}) => ({
  id,
  epoch: 1,
  input: "q",
  target: "59",
  messages: [
    { role: "user", content: "What is 17 + 42?" },
    { role: "assistant", content: "59" },
  ],
  scores: { custom: { value, ...extra } },
});

async function importLog(text: string): Promise<NormalizedRollout[]> {
  const { rollouts, errors } = await collectImport(inspectImporter, writeTempFile("log.json", text));
  expect(errors).toEqual([]);
  return rollouts;
}

describe("Inspect scores whose value is a dict", () => {
  it("takes the reward from the key the scorer declares a metric for, not the first key", async () => {
    const rollouts = await importLog(
      log({ name: "custom", metrics: { accuracy: mean } }, [
        sample(1, { tokens_used: 0, accuracy: 1 }),
        sample(2, { tokens_used: 0, accuracy: 0 }),
      ]),
    );
    expect(rollouts.map((r) => r.reward)).toEqual([1, 0]);
    expect(rollouts[0].scores).toEqual({ "custom.tokens_used": 0, "custom.accuracy": 1 });
    expect(rollouts[0].rewardNote).toBeNull();
  });

  it("reads the declared key from results.scores when the scorer entry lists no metrics", async () => {
    const results = { scores: [{ name: "accuracy", scorer: "custom", metrics: {} }] };
    const rollouts = await importLog(
      log({ name: "custom" }, [sample(1, { length: 0, accuracy: 1 })], results),
    );
    expect(rollouts[0].reward).toBe(1);
  });

  it("leaves the reward empty and says why when several named values could be it", async () => {
    const rollouts = await importLog(
      log({ name: "custom", metrics: [{ correct: mean, partial: mean }] }, [
        sample(1, { correct: 0, partial: 0.5 }),
      ]),
    );
    expect(rollouts[0].reward).toBeNull();
    expect(rollouts[0].scores).toEqual({ "custom.correct": 0, "custom.partial": 0.5 });
    expect(rollouts[0].rewardNote).toMatch(
      /reward ambiguous: scorer "custom" has several named values \(correct, partial\)/,
    );
    expect(rollouts[0].metadata.rewardNote).toBe(rollouts[0].rewardNote);
    // --reward-key picks one, by its last part or full name.
    expect(applyRewardKey(rollouts[0], "partial")).toMatchObject({ rollout: { reward: 0.5 }, warning: null });
    expect(applyRewardKey(rollouts[0], "custom.correct").rollout).toMatchObject({
      reward: 0,
      rewardNote: null,
      metadata: { rewardKey: "custom.correct" },
    });
    expect(applyRewardKey(rollouts[0], "f1")).toMatchObject({
      rollout: { reward: null },
      warning: expect.stringContaining(
        'reward key "f1" is not among the scores (custom.correct, custom.partial)',
      ),
    });
  });

  it("uses the only numeric named value when none is declared", async () => {
    const rollouts = await importLog(log({ name: "custom" }, [sample(1, { verdict: "wrong", score: 0.25 })]));
    expect(rollouts[0].reward).toBe(0.25);
  });
});

describe("an answer is not a score", () => {
  it("a named value that is a string of digits is kept in the details, not as a score", async () => {
    const rollouts = await importLog(log({ name: "custom" }, [sample(1, { answer: "59", correct: true })]));
    expect(rollouts[0].scores).toEqual({ "custom.correct": 1 });
    expect(rollouts[0].reward).toBe(1);
    expect(rollouts[0].metadata.scoreDetails).toMatchObject({ custom: { value: { answer: "59" } } });
  });

  it("a value that repeats the sample's answer gives no score; a grade still does", async () => {
    const [answer] = await importLog(log({ name: "custom" }, [sample(1, "59", { answer: "59" })]));
    expect(answer.scores).toBeUndefined();
    expect(answer.reward).toBeNull();
    const [graded] = await importLog(log({ name: "custom" }, [sample(1, "C", { answer: "59" })]));
    expect(graded).toMatchObject({ reward: 1, scores: { custom: 1 } });
  });
});
