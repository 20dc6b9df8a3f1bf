import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { detectSourceFormat } from "@/lib/imports/detect";
import { collectImport, samplePath } from "@/lib/imports/testing/corpus";
import { langfuseImporter } from "./langfuse";
import { openaiImporter } from "./openai";
import { openhandsImporter } from "./openhands";
import { verifiersImporter } from "./verifiers";

// Files in the public shapes of real tools (test-data/samples/), each imported with auto-detection:
// everything the source says about what the agent saw and did arrives, nothing silently dropped.

const detect = (path: string) => detectSourceFormat({ path, name: basename(path) });

describe("tau-bench trajectories", () => {
  const path = samplePath("tau-bench/retail-gpt-4o-trajectories.json");

  it("are detected as OpenAI chat records and read from `traj`, with task_id as the task and the reward", async () => {
    expect((await detect(path))?.format).toBe("openai");
    const { rollouts, errors } = await collectImport(openaiImporter, path);
    expect(errors).toEqual([]);
    expect(rollouts.map((r) => [r.taskKey, r.reward, r.messages.length])).toEqual([
      ["12", 1, 14],
      ["13", 0, 12],
    ]);
    const [first] = rollouts;
    const call = first.messages[4].toolCalls?.[0];
    expect(call).toMatchObject({
      name: "find_user_id_by_email",
      arguments: { email: "yusuf_rossi_9620@example.com" },
    });
    expect(first.messages[5]).toMatchObject({ role: "tool", toolCallId: call?.id, text: "yusuf_rossi_9620" });
    // What the record says beyond the conversation stays with the rollout.
    expect(first.metadata).toMatchObject({ trial: 0, info: { source: "user", reward_info: { reward: 1 } } });
  });
});

describe("OpenHands issue-resolver output.jsonl", () => {
  const path = samplePath("openhands-resolver/output.jsonl");

  it("is detected and keeps the instruction, tool-call arguments, thoughts, call ids and results", async () => {
    expect((await detect(path))?.format).toBe("openhands");
    const { rollouts, errors } = await collectImport(openhandsImporter, path);
    expect(errors).toEqual([]);
    const [fixed, failed] = rollouts;
    expect(fixed.messages[0]).toMatchObject({ role: "user" });
    expect(fixed.messages[0].text).toContain("Add a LICENSE file");
    const touch = fixed.messages[3];
    expect(touch).toMatchObject({
      role: "assistant",
      text: expect.stringContaining("There is no LICENSE file"),
    });
    expect(touch.toolCalls?.[0]).toMatchObject({ name: "run", arguments: { command: "touch LICENSE" } });
    const callIds = fixed.messages.flatMap((m) => m.toolCalls?.map((c) => c.id) ?? []);
    expect(new Set(callIds).size).toBe(callIds.length);
    expect(fixed.messages[4]).toMatchObject({ role: "tool", toolCallId: touch.toolCalls?.[0].id });
    expect(fixed.messages.filter((m) => m.role === "user")).toHaveLength(1);
    // A history whose first message lost its text gets the row's instruction back.
    expect(failed.messages[0].text).toContain("Fix flaky test_retry");
  });

  it("keeps success, the patch and the explanation, and grades by success", async () => {
    const { rollouts } = await collectImport(openhandsImporter, path);
    const [fixed, failed] = rollouts;
    expect(fixed).toMatchObject({ externalId: "acme/widgets#42", taskKey: "acme/widgets#42", reward: 1 });
    expect(fixed.metadata).toMatchObject({
      success: true,
      gitPatch: expect.stringContaining("+MIT License"),
      resultExplanation: expect.stringContaining("adds it at the repository root"),
      baseCommit: "7d3c9a1f0b2e4c6d8e0f1a2b3c4d5e6f7a8b9c0d",
    });
    expect(failed).toMatchObject({ reward: 0, status: "truncated" });
    expect(failed.metadata).toMatchObject({ success: false, resultExplanation: expect.any(String) });
  });
});

describe("a Langfuse trace whose agent answered in trace.output (BeeAI framework)", () => {
  const path = samplePath("langfuse-beeai/beeai-weather.trace.json");

  it("ends with the final answer the score grades, marked as coming from the trace output", async () => {
    expect((await detect(path))?.format).toBe("langfuse");
    const { rollouts, errors } = await collectImport(langfuseImporter, path);
    expect(errors).toEqual([]);
    const [rollout] = rollouts;
    expect(rollout.scores).toEqual({ correctness: 1 });
    expect(rollout.messages.at(-1)).toMatchObject({
      role: "assistant",
      text: "It is 21 °C and sunny in Prague right now, with a light wind of 8 km/h.",
      metadata: { source: "trace.output" },
    });
    expect(rollout.messages.filter((m) => m.text.includes("21 °C and sunny"))).toHaveLength(1);
  });
});

describe("verifiers results with token counts among the metrics", () => {
  const path = samplePath("verifiers/gsm8k--gpt-4.1-mini/3f2a9c1e/results.jsonl");

  it("keeps token counts as usage, never as reward scores", async () => {
    expect((await detect(path))?.format).toBe("verifiers");
    const { rollouts, errors } = await collectImport(verifiersImporter, path);
    expect(errors).toEqual([]);
    expect(rollouts).toHaveLength(4);
    for (const rollout of rollouts) {
      expect(Object.keys(rollout.scores ?? {}).sort()).toEqual([
        "correct_answer_reward_func",
        "format_reward_func",
        "num_turns",
      ]);
      expect(rollout.metadata.usage).toMatchObject({
        prompt_tokens: expect.any(Number),
        completion_tokens: expect.any(Number),
        total_tokens: expect.any(Number),
      });
    }
    expect(rollouts.map((r) => r.reward)).toEqual([1, 1, 1, 0]);
  });
});
