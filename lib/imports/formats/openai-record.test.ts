import { describe, expect, it } from "vitest";
import { detectSourceFormat } from "@/lib/imports/detect";
import { collectImport, corpusPath, summarizeRollouts, writeTempFile } from "@/lib/imports/testing/corpus";
import { openaiImporter } from "./openai";
import { readReward } from "./openai-containers";

const jsonl = (...records: unknown[]) => `${records.map((record) => JSON.stringify(record)).join("\n")}\n`;
const BASH_ROLLOUT =
  "reward-hacking/tinker-cookbook-reward-hacking/bash-codeforces-env/rollouts_0208T09-03-14367688096.json";

const call = (name: string, args: unknown) => ({
  type: "tool_call",
  tool_call: { type: "function", id: null, function: { name, arguments: JSON.stringify(args) } },
});

describe("openai importer on an RL rollout container (tinker-cookbook BashCodeforcesEnv)", () => {
  it("is detected as openai and imports one rollout with linked tool calls", async () => {
    const path = corpusPath(BASH_ROLLOUT);
    expect(await detectSourceFormat({ path, name: "rollouts.json" })).toEqual({
      format: "openai",
      confidence: 50,
    });
    const { rollouts, errors } = await collectImport(openaiImporter, path);
    expect(errors).toEqual([]);
    // Calls sit both in typed content blocks and in `tool_calls`: counted once.
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 1,
      messages: 7,
      calls: 3,
      results: 2,
      linked: 2,
    });
    const [rollout] = rollouts;
    expect(rollout.messages.map((message) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(rollout.messages.flatMap((message) => message.toolCalls ?? []).map((c) => c.name)).toEqual([
      "create_file",
      "bash",
      "finish",
    ]);
    expect(rollout.messages[4].toolCalls?.[0].arguments).toEqual({ command: "pytest /testbed/tests.py" });
    expect(rollout.messages[5]).toMatchObject({
      toolCallId: "call-4-0",
      toolName: "bash",
      metadata: { role: "user" },
    });
    expect(rollout.messages[5].text).toContain("1 passed in");
  });

  it("takes the held-out (private) reward and keeps every metric as a score", async () => {
    const { rollouts } = await collectImport(openaiImporter, corpusPath(BASH_ROLLOUT));
    const [rollout] = rollouts;
    expect(rollout.reward).toBe(0.5);
    expect(rollout.metadata.rewardSource).toBe("metrics.private_reward");
    expect(Object.keys(rollout.scores ?? {})).toHaveLength(8);
    expect(rollout.scores).toMatchObject({ public_reward: 1, private_reward: 0.5, docker_error: 0 });
    expect(rollout.taskKey).toBeNull();
    expect(rollout.metadata).toMatchObject({ env_type: "BashCodeforcesEnv", env_config: { max_steps: 8 } });
    expect(rollout.metadata).not.toHaveProperty("rollouts");
  });
});

describe("openai importer on chat containers", () => {
  it("imports a list of rollouts, reporting the malformed ones and keeping the others", async () => {
    const container = {
      id: "run-7",
      env_config: { task_id: "count-words", max_steps: 4 },
      metrics: { mean_reward: 0.5 },
      rollouts: [
        {
          reward: 1,
          messages: [
            { role: "user", content: "count" },
            { role: "assistant", content: [call("wc", { path: "a.txt" })] },
            { role: "tool", content: "3" },
          ],
        },
        { messages: [{ role: "user", content: "x" }, { content: "no role" }] },
        [
          { role: "user", content: "again" },
          { role: "assistant", content: "3" },
        ],
        42,
      ],
    };
    const { rollouts, errors } = await collectImport(
      openaiImporter,
      writeTempFile("c.json", JSON.stringify(container)),
    );
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 2,
      messages: 5,
      calls: 1,
      results: 1,
      linked: 1,
    });
    expect(rollouts.map((rollout) => [rollout.externalId, rollout.taskKey, rollout.reward])).toEqual([
      ["run-7#0", "count-words", 1],
      ["run-7#2", "count-words", null],
    ]);
    expect(rollouts[1].metadata).toMatchObject({ rolloutIndex: 2, env_config: { max_steps: 4 } });
    // The container's aggregate metrics are not one rollout's scores.
    expect(rollouts[1].scores).toBeUndefined();
    expect(errors.map((error) => [error.record, error.message])).toEqual([
      [1, 'rollouts[1]: messages[1] has no "role"'],
      [1, "rollouts[3]: is not a rollout (an object or a list of messages)"],
    ]);
  });

  it("reads conversation, trajectory and prompt + completion rows with typed tool blocks", async () => {
    const rows = [
      {
        task: "t-1",
        conversation: [
          { role: "user", content: "weather?" },
          {
            role: "assistant",
            content: [{ type: "tool_use", id: "tu_1", name: "weather", input: { city: "Oslo" } }],
          },
          {
            role: "user",
            content: [
              { type: "tool_result", tool_use_id: "tu_1", content: [{ type: "text", text: "rain" }] },
            ],
          },
          {
            role: "assistant",
            content: [
              { type: "thinking", thinking: "It rains." },
              { type: "text", text: "Rain." },
            ],
          },
        ],
      },
      {
        metadata: { task: "t-2" },
        trajectory: [
          { role: "user", content: "add" },
          {
            role: "assistant",
            content: [{ type: "function_call", call_id: "fc_1", name: "add", arguments: '{"a":1}' }],
          },
          { role: "user", content: [{ type: "function_call_output", call_id: "fc_1", output: "2" }] },
        ],
        score: 0.25,
      },
      {
        prompt: [{ role: "user", content: "2+2?" }],
        completion: "4",
        metrics: { reward: 1, length: 1 },
      },
    ];
    const { rollouts, errors } = await collectImport(
      openaiImporter,
      writeTempFile("rows.jsonl", jsonl(...rows)),
    );
    expect(errors).toEqual([]);
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 3,
      messages: 9,
      calls: 2,
      results: 2,
      linked: 2,
    });
    expect(rollouts.map((rollout) => [rollout.taskKey, rollout.reward])).toEqual([
      ["t-1", null],
      ["t-2", 0.25],
      [null, 1],
    ]);
    const [weather, add, sum] = rollouts;
    expect(weather.messages[1].toolCalls).toEqual([
      { id: "tu_1", name: "weather", arguments: { city: "Oslo" } },
    ]);
    expect(weather.messages[2]).toMatchObject({
      role: "tool",
      text: "rain",
      toolCallId: "tu_1",
      toolName: "weather",
    });
    expect(weather.messages[3]).toMatchObject({ role: "assistant", text: "Rain.", reasoning: "It rains." });
    expect(add.messages[2]).toMatchObject({ role: "tool", text: "2", toolCallId: "fc_1", toolName: "add" });
    expect(sum.messages.map((message) => [message.role, message.text])).toEqual([
      ["user", "2+2?"],
      ["assistant", "4"],
    ]);
    expect(sum.scores).toEqual({ reward: 1, length: 1 });
  });

  it("leaves user turns alone when the rollout has real tool messages", async () => {
    const record = {
      messages: [
        { role: "assistant", content: [call("ls", {})] },
        { role: "tool", content: "a.txt" },
        { role: "user", content: "thanks" },
      ],
    };
    const { rollouts } = await collectImport(openaiImporter, writeTempFile("t.json", JSON.stringify(record)));
    expect(rollouts[0].messages.map((message) => message.role)).toEqual(["assistant", "tool", "user"]);
  });
});

describe("readReward", () => {
  it("prefers reward, then score, then reward, held-out, reward-like and first numeric metrics", () => {
    expect(readReward({ reward: 0.1, score: 0.2 })).toEqual({ reward: 0.1, source: "reward" });
    expect(readReward({ reward: null, metrics: { reward: 1 } })).toEqual({ reward: null, source: null });
    expect(readReward({ score: 0.2, metrics: { reward: 1 } })).toEqual({ reward: 0.2, source: "score" });
    expect(readReward({ metrics: { private_reward: 0.5, reward: 0.7 } })).toEqual({
      reward: 0.7,
      source: "metrics.reward",
    });
    expect(readReward({ metrics: { n: 3, public_reward: 1, heldout_score: 0.4 } })).toEqual({
      reward: 0.4,
      source: "metrics.heldout_score",
    });
    expect(readReward({ metrics: { n: 3, train_reward: 0.9, acc: 0.3 } })).toEqual({
      reward: 0.9,
      source: "metrics.train_reward",
    });
    expect(readReward({ metrics: { label: "x", steps: 3 } })).toEqual({ reward: 3, source: "metrics.steps" });
    expect(readReward({ metrics: { label: "x" } })).toEqual({ reward: null, source: null });
  });
});
