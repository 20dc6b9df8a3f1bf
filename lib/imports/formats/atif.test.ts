import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectImport, corpusPath, summarizeRollouts, writeTempFile } from "@/lib/imports/testing/corpus";
import { atifImporter } from "./atif";

const TRAJECTORY = {
  schema_version: "ATIF-v1.7",
  session_id: "run-42",
  trajectory_id: "traj-42",
  agent: { name: "terminus-2", version: "2.0.0", model_name: "example-model" },
  steps: [
    { step_id: 1, source: "system", message: "You operate a Linux terminal." },
    {
      step_id: 2,
      source: "user",
      message: [
        { type: "text", text: "Create /app/out.txt" },
        { type: "image", source: { media_type: "image/png", path: "images/s.png" } },
      ],
    },
    {
      step_id: 3,
      source: "agent",
      timestamp: "2026-05-01T10:00:03Z",
      reasoning_content: "A single echo suffices.",
      message: "Writing the file.",
      tool_calls: [
        { tool_call_id: "c1", function_name: "bash", arguments: { keystrokes: "echo ok > /app/out.txt\n" } },
        { tool_call_id: "c2", function_name: "bash", arguments: '{"keystrokes": "cat /app/out.txt\\n"}' },
      ],
      observation: {
        results: [
          { source_call_id: "c1", content: "$ " },
          { source_call_id: "c2", content: "ok" },
          { content: "terminal idle" },
        ],
      },
      metrics: { prompt_tokens: 812, completion_tokens: 40, cached_tokens: 600 },
    },
    { step_id: 4, source: "agent", message: "Done.", model_name: "other-model" },
  ],
  subagent_trajectories: [{ trajectory_id: "sub-1", agent: { name: "helper" }, steps: [{ step_id: 1 }] }],
};

function writeTrial(result: unknown, extra: Record<string, string> = {}): string {
  const path = writeTempFile("config.json", "{}");
  const trial = dirname(path);
  mkdirSync(join(trial, "agent"));
  mkdirSync(join(trial, "verifier"));
  writeFileSync(join(trial, "result.json"), JSON.stringify(result));
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(trial, name), text);
  const trajectory = join(trial, "agent", "trajectory.json");
  writeFileSync(trajectory, JSON.stringify(TRAJECTORY, null, 2));
  return trajectory;
}

describe("atif importer on the corpus", () => {
  it("imports the list of five terminus-2 trajectories (68 steps)", async () => {
    const { rollouts, errors } = await collectImport(
      atifImporter,
      corpusPath("atif/sample-trajectories.json"),
    );
    expect(errors).toEqual([]);
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 5,
      messages: 68,
      calls: 0,
      results: 0,
      linked: 0,
    });
    expect(rollouts.map((rollout) => rollout.messages.length)).toEqual([4, 16, 20, 20, 8]);
    expect(rollouts.map((rollout) => rollout.taskKey)).toEqual([
      "task_0",
      "task_1000",
      "task_1001",
      "task_1004",
      "task_1005",
    ]);
    expect(rollouts[0]).toMatchObject({
      model: "QuantTrio/GLM-4.6-AWQ",
      harness: "terminus-2",
      reward: null,
    });
  });

  it("imports the Claude Code regex-log run, linking results logged before their calls, with metrics.json success as reward", async () => {
    const { rollouts } = await collectImport(
      atifImporter,
      corpusPath("atif/regex-log-20251211-161750-ba4ddb16/trajectory.json"),
    );
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 1,
      messages: 9,
      calls: 5,
      results: 5,
      linked: 5,
    });
    const [rollout] = rollouts;
    expect(rollout).toMatchObject({
      model: "claude-sonnet-4-20250514",
      harness: "claude-code",
      reward: 1,
      scores: { success: 1 },
    });
    expect(rollout.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "assistant",
      "tool",
      "tool",
      "tool",
      "tool",
      "assistant",
      "tool",
    ]);
    expect(rollout.messages[3]).toMatchObject({
      toolCallId: "toolu_01TQktt5rHsfYcF1BCvJDFTj",
      error: "EACCES: permission denied, mkdir '/app'",
    });
    expect(rollout.messages.filter((message) => message.error)).toHaveLength(2);
  });

  it("imports the orchestrator session: system events and three unlinked tool results", async () => {
    const { rollouts } = await collectImport(
      atifImporter,
      corpusPath("atif/session-2025-12-05T07-45-57-649Z-x8251x.atif.json"),
    );
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 1,
      messages: 8,
      calls: 0,
      results: 3,
      linked: 0,
    });
    expect(rollouts[0]).toMatchObject({
      model: "x-ai/grok-4.1-fast:free",
      externalId: "session-2025-12-05T07-45-57-649Z-x8251x",
    });
    expect(rollouts[0].messages[1].text).toContain('"passed":false');
  });
});

describe("atif importer on edge cases", () => {
  it("maps a v1.7 trajectory with its Harbor trial result", async () => {
    const path = writeTrial({
      task_name: "make-file",
      trial_name: "make-file__abc",
      verifier_result: { rewards: { reward: 0.75, tests_passed: 3 } },
      exception_info: null,
      started_at: "2026-05-01T10:00:00Z",
      finished_at: "2026-05-01T10:05:00Z",
    });
    const { rollouts } = await collectImport(atifImporter, path);
    const [rollout] = rollouts;
    expect(rollout).toMatchObject({
      externalId: "traj-42",
      taskKey: "make-file",
      reward: 0.75,
      scores: { reward: 0.75, tests_passed: 3 },
      startedAt: "2026-05-01T10:00:00.000Z",
      endedAt: "2026-05-01T10:05:00.000Z",
      metadata: { subagents: [{ trajectoryId: "sub-1", agent: "helper", steps: 1 }] },
    });
    expect(rollout.messages.map((message) => [message.role, message.toolCallId ?? null])).toEqual([
      ["system", null],
      ["user", null],
      ["assistant", null],
      ["tool", "c1"],
      ["tool", "c2"],
      ["tool", null],
      ["assistant", null],
    ]);
    expect(rollout.messages[1].parts).toEqual([
      { type: "image", url: "images/s.png", mediaType: "image/png" },
    ]);
    expect(rollout.messages[2]).toMatchObject({
      reasoning: "A single echo suffices.",
      model: "example-model",
      tokens: { input: 812, output: 40, total: 852 },
      toolCalls: [
        { id: "c1", name: "bash", arguments: { keystrokes: "echo ok > /app/out.txt\n" } },
        { id: "c2", name: "bash", arguments: { keystrokes: "cat /app/out.txt\n" } },
      ],
    });
    expect(rollout.messages[6].model).toBe("other-model");
  });

  it("reads reward.txt and reports a failed trial", async () => {
    const path = writeTrial({
      exception_info: { exception_type: "AgentTimeoutError", exception_message: "timed out" },
    });
    writeFileSync(join(dirname(dirname(path)), "verifier", "reward.txt"), "0\n");
    const { rollouts } = await collectImport(atifImporter, path);
    expect(rollouts[0]).toMatchObject({ reward: 0, status: "error", error: "AgentTimeoutError: timed out" });
  });

  it("reports a truncated trajectory, a bad array element and a document without steps", async () => {
    const truncated = await collectImport(
      atifImporter,
      writeTempFile("t.json", JSON.stringify(TRAJECTORY, null, 2).slice(0, 300)),
    );
    expect(truncated.rollouts).toHaveLength(0);
    expect(truncated.errors[0].message).toMatch(/^malformed JSON: unexpected end of JSON/);
    const list = await collectImport(
      atifImporter,
      writeTempFile("l.json", JSON.stringify([TRAJECTORY, { schema_version: "ATIF-v1.2" }, TRAJECTORY])),
    );
    expect(list.rollouts).toHaveLength(2);
    expect(list.errors).toEqual([
      expect.objectContaining({ record: 2, message: 'trajectory has no "steps" list' }),
    ]);
  });
});
