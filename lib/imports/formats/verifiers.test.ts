import { describe, expect, it } from "vitest";
import { collectImport, corpusPath, summarizeRollouts, writeTempFile } from "@/lib/imports/testing/corpus";
import { verifiersImporter } from "./verifiers";

const sum = (values: Array<number | null | undefined>) =>
  values.reduce<number>((total, value) => total + (value ?? 0), 0);

describe("verifiers importer on the corpus", () => {
  it("imports wiki-search: 50 rollouts, 219 calls, 214 linked results, mean reward 0.8", async () => {
    const { rollouts, errors } = await collectImport(
      verifiersImporter,
      corpusPath("verifiers/wiki-search--gpt-4.1-mini/d057f808/results.jsonl"),
    );
    expect(errors).toEqual([]);
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 50,
      messages: 578,
      calls: 219,
      results: 214,
      linked: 214,
    });
    expect(sum(rollouts.map((rollout) => rollout.reward)) / rollouts.length).toBeCloseTo(0.8, 10);
    expect(rollouts[0]).toMatchObject({
      externalId: "example-0/rollout-0",
      taskKey: "wiki-search/0",
      model: "gpt-4.1-mini",
      harness: "verifiers",
      scores: { judge_reward_func: 1, total_tool_calls: 3 },
      metadata: {
        environment: "wiki-search",
        answer: "Canvas bag replaced with nylon",
        run: { avg_reward: 0 },
      },
    });
    // Titled by the environment and the prompt's first words, not by the bare example number.
    expect(rollouts[0].metadata.title).toMatch(/^wiki-search · \S+( \S+){9}…$/);
    // `info` held only the tool schemas (kept in `original`), so it is left out of the metadata.
    expect(rollouts[0].metadata.info).toBeUndefined();
  });

  it("imports wordle: 15 rollouts in 5 groups, four reward functions, no tools", async () => {
    const { rollouts } = await collectImport(
      verifiersImporter,
      corpusPath("verifiers/wordle--qwen--qwen3-30b-a3b-thinking-2507/50bdff53/results.jsonl"),
    );
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 15,
      messages: 166,
      calls: 0,
      results: 0,
      linked: 0,
    });
    expect(sum(rollouts.map((rollout) => rollout.reward))).toBeCloseTo(16.7481587302, 8);
    expect(Object.keys(rollouts[0].scores ?? {}).sort()).toEqual([
      "check_answer_reward_func",
      "count_turns_reward_func",
      "format_reward_func",
      "partial_credit_reward_func",
    ]);
    expect(rollouts.map((rollout) => rollout.externalId).slice(4, 6)).toEqual([
      "example-4/rollout-0",
      "example-0/rollout-1",
    ]);
  });

  it("links math-python tool results that carry no tool_call_id by position", async () => {
    const { rollouts } = await collectImport(
      verifiersImporter,
      corpusPath("verifiers/math-python--gpt-5-nano/cb7a1799/results.jsonl"),
    );
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 15,
      messages: 77,
      calls: 16,
      results: 16,
      linked: 16,
    });
    expect(rollouts.every((rollout) => rollout.reward === 1)).toBe(true);
    expect(rollouts[0].metadata).toMatchObject({ environment: "math-python", exampleId: 0 });
  });

  it("imports mcp-env: 3 rollouts of one task", async () => {
    const { rollouts } = await collectImport(
      verifiersImporter,
      corpusPath("verifiers/mcp-env--gpt-4.1-mini/468ee950/results.jsonl"),
    );
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 3,
      messages: 12,
      calls: 3,
      results: 3,
      linked: 3,
    });
    expect(new Set(rollouts.map((rollout) => rollout.taskKey))).toEqual(new Set(["mcp-env/0"]));
  });
});

describe("verifiers importer on edge cases", () => {
  it("reads string prompts, error objects, info strings and truncation, and skips a broken line", async () => {
    const rows = [
      {
        example_id: 1,
        prompt: "2+2=",
        completion: "4",
        answer: "4",
        reward: 1,
        info: '{"task_key": "sum-1"}',
        is_truncated: true,
      },
      "{broken",
      {
        example_id: 2,
        prompt: [{ role: "user", content: "x" }],
        completion: null,
        reward: 0,
        error: { error: "TimeoutError", message: "took too long" },
      },
      { example_id: 3, answer: "x", reward: 0 },
    ];
    const content = rows.map((row) => (typeof row === "string" ? row : JSON.stringify(row))).join("\n");
    const { rollouts, errors } = await collectImport(
      verifiersImporter,
      writeTempFile("results.jsonl", content),
    );
    expect(
      rollouts.map((rollout) => [
        rollout.taskKey,
        rollout.status,
        rollout.messages.map((m) => `${m.role}:${m.text}`),
      ]),
    ).toEqual([
      ["sum-1", "truncated", ["user:2+2=", "assistant:4"]],
      ["2", "error", ["user:x"]],
    ]);
    expect(rollouts[1].error).toBe("TimeoutError: took too long");
    expect(errors.map((error) => [error.line, error.message])).toEqual([
      [2, expect.stringMatching(/^malformed JSON/)],
      [4, 'row has neither "prompt" nor "completion"'],
    ]);
  });

  it("keys and titles rows by metadata.json's environment and the prompt, unless info names the task", async () => {
    const rows = [
      {
        example_id: 40,
        prompt: [
          { role: "system", content: "You are a competitive game player." },
          {
            role: "user",
            content: "Guess the secret five-letter word in six tries or fewer, one guess per turn.",
          },
        ],
        completion: [{ role: "assistant", content: "<guess>crane</guess>" }],
        reward: 1,
      },
      { example_id: 41, prompt: "2+2=", completion: "4", reward: 1, info: { task_key: "sum-2" } },
    ];
    const metadata = JSON.stringify({ env_id: "wordle", model: "qwen/qwen3-30b" });
    const file = writeTempFile("results.jsonl", rows.map((row) => JSON.stringify(row)).join("\n"), {
      "metadata.json": metadata,
    });
    const { rollouts } = await collectImport(verifiersImporter, file);
    expect(rollouts.map((r) => [r.taskKey, r.metadata.title])).toEqual([
      ["wordle/40", "wordle · Guess the secret five-letter word in six tries or fewer…"],
      ["sum-2", "wordle · 2+2="],
    ]);
    // Without metadata.json there is no environment: the example number stays the key.
    const alone = writeTempFile("results.jsonl", JSON.stringify(rows[0]));
    const { rollouts: bare } = await collectImport(verifiersImporter, alone);
    expect([bare[0].taskKey, bare[0].metadata.title]).toEqual([
      "40",
      "Guess the secret five-letter word in six tries or fewer…",
    ]);
  });

  it("reports a broken metadata.json and still imports the rows", async () => {
    const row = JSON.stringify({ example_id: 0, prompt: "p", completion: "c", reward: 1 });
    const path = writeTempFile("results.jsonl", row, { "metadata.json": '{"model": ' });
    const { rollouts, errors } = await collectImport(verifiersImporter, path);
    expect(rollouts).toHaveLength(1);
    expect(errors[0].message).toMatch(/^metadata.json ignored: malformed JSON/);
  });

  it("imports a v1 trace with two branches as two rollouts with a weighted reward", async () => {
    const trace = {
      version: 1,
      id: "trace-1",
      task: { type: "gsm8k", key: "gsm8k/12", data: { idx: 12, answer: "42" } },
      nodes: [
        { parent: null, message: { role: "user", content: "6*7?" } },
        {
          parent: 0,
          sampled: true,
          token_ids: [1, 2, 3],
          message: {
            role: "assistant",
            content: "",
            tool_calls: [{ id: "c1", name: "calc", arguments: '{"e": "6*7"}' }],
          },
        },
        { parent: 1, message: { role: "tool", tool_call_id: "c1", content: "42" } },
        { parent: 2, message: { role: "assistant", content: "42" } },
        { parent: 0, message: { role: "assistant", content: "41" } },
      ],
      calls: [{ node: 1, model: "m-1" }],
      rewards: { correct: { score: 1, weight: 0.5 }, format: { score: 1, weight: 0.5 }, missing: null },
      metrics: { turns: 2 },
      ok: true,
    };
    const { rollouts } = await collectImport(
      verifiersImporter,
      writeTempFile("traces.jsonl", JSON.stringify(trace)),
    );
    expect(rollouts.map((rollout) => [rollout.externalId, rollout.messages.map((m) => m.text)])).toEqual([
      ["trace-1#0", ["6*7?", "", "42", "42"]],
      ["trace-1#1", ["6*7?", "41"]],
    ]);
    expect(rollouts[0]).toMatchObject({
      taskKey: "gsm8k/12",
      model: "m-1",
      reward: 1,
      scores: { correct: 1, format: 1, turns: 2 },
    });
    expect(summarizeRollouts([rollouts[0]])).toMatchObject({ calls: 1, linked: 1 });
    expect(JSON.stringify(rollouts[0].original)).toContain("[elided 3 items]");
  });
});
