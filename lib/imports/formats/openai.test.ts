import { describe, expect, it } from "vitest";
import { collectImport, corpusPath, summarizeRollouts, writeTempFile } from "@/lib/imports/testing/corpus";
import { DEFAULT_IMPORT_LIMITS } from "@/lib/imports/types";
import { openaiImporter } from "./openai";
import { NO_CONVERSATION } from "./openai-record";

const jsonl = (...records: unknown[]) => `${records.map((record) => JSON.stringify(record)).join("\n")}\n`;
const PNG = Buffer.alloc(2000, 1).toString("base64");

const TOOL_RECORD = {
  id: "r1",
  task: "count-bytes",
  reward: 0.5,
  messages: [
    { role: "developer", content: "Be careful." },
    {
      role: "user",
      content: [
        { type: "text", text: "Size?" },
        { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
      ],
    },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "call_a", type: "function", function: { name: "wc", arguments: '{"path": "notes.txt"}' } },
        { id: "call_b", type: "function", function: { name: "ls", arguments: '{"path": ' } },
      ],
    },
    { role: "tool", tool_call_id: "call_a", content: "1834" },
    { role: "tool", tool_call_id: "call_b", content: [{ type: "text", text: "notes.txt" }] },
    { role: "assistant", content: "<think>It is 1834.</think>It is 1,834 bytes.", weight: 1 },
  ],
};

describe("openai importer on the corpus", () => {
  it("imports the mini-swe-agent deepseek-reasoner run (a failed rollout with reasoning)", async () => {
    const { rollouts, errors } = await collectImport(
      openaiImporter,
      corpusPath("openai-chat/mini-swe-agent-deepseek-reasoner/pvlib__pvlib-python-1707.traj.json"),
    );
    expect(errors).toEqual([]);
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 1,
      messages: 35,
      calls: 16,
      results: 16,
      linked: 16,
    });
    const [rollout] = rollouts;
    expect(rollout).toMatchObject({
      externalId: "pvlib__pvlib-python-1707",
      model: "deepseek/deepseek-reasoner",
      harness: "mini-swe-agent",
      status: "error",
    });
    expect(rollout.error).toContain("InternalServerError");
    expect(rollout.messages.filter((message) => message.reasoning).length).toBeGreaterThanOrEqual(16);
    expect(rollout.messages[2].toolCalls?.[0]).toEqual({
      id: "call_00_y9C6ME0T2HnDJcwbBHT5PTzk",
      name: "bash",
      arguments: { command: 'find . -type f -name "*.py" | head -20' },
    });
    expect(rollout.messages.at(-1)).toMatchObject({ role: "system", metadata: { role: "exit" } });
  });

  it("imports the deepseek-chat run: 88 messages, 43 calls, 42 linked results", async () => {
    const { rollouts } = await collectImport(
      openaiImporter,
      corpusPath("openai-chat/mini-swe-agent-deepseek-chat/sqlfluff__sqlfluff-2419.traj.json"),
    );
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 1,
      messages: 88,
      calls: 43,
      results: 42,
      linked: 42,
    });
    expect(rollouts[0].status).toBe("completed");
  });

  it("imports a bare list of messages as one rollout", async () => {
    const { rollouts } = await collectImport(
      openaiImporter,
      corpusPath("reward-hacking/tinker-cookbook-reward-hacking/honeypot-gpt-oss/rollouts_1217T16-33.json"),
    );
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 1,
      messages: 19,
      calls: 0,
      results: 0,
      linked: 0,
    });
    expect(rollouts[0].messages[0].role).toBe("system");
  });
});

describe("openai importer on edge cases", () => {
  it("maps messages, parts, tool calls, reasoning, task and reward", async () => {
    const { rollouts, errors } = await collectImport(
      openaiImporter,
      writeTempFile("a.jsonl", jsonl(TOOL_RECORD)),
    );
    expect(errors).toEqual([]);
    const [rollout] = rollouts;
    expect(rollout).toMatchObject({
      externalId: "r1",
      taskKey: "count-bytes",
      reward: 0.5,
      status: "completed",
    });
    const [system, user, call, resultA, resultB, answer] = rollout.messages;
    expect(system).toMatchObject({ role: "system", text: "Be careful.", metadata: { role: "developer" } });
    expect(user.parts).toEqual([{ type: "image", mediaType: "image/png", dataBytes: 2000 }]);
    expect(call.toolCalls).toEqual([
      { id: "call_a", name: "wc", arguments: { path: "notes.txt" } },
      { id: "call_b", name: "ls", arguments: '{"path": ' },
    ]);
    expect(resultA).toMatchObject({ role: "tool", toolCallId: "call_a", toolName: "wc", text: "1834" });
    expect(resultB).toMatchObject({ role: "tool", toolCallId: "call_b", text: "notes.txt" });
    expect(answer).toMatchObject({
      text: "It is 1,834 bytes.",
      reasoning: "It is 1834.",
      metadata: { weight: 1 },
    });
    expect(JSON.stringify(rollout.original)).toContain("[elided base64 image/png, 2000 bytes]");
    expect(JSON.stringify(rollout.original).length).toBeLessThan(2000);
  });

  it("links tool results without ids by position, synthesizing call ids", async () => {
    const record = {
      metadata: { task: "t-7" },
      messages: [
        { role: "user", content: "go" },
        {
          role: "assistant",
          tool_calls: ['{"function": {"name": "a", "arguments": "{}"}}', { name: "b", arguments: { x: 1 } }],
        },
        { role: "tool", content: "A" },
        { role: "tool", content: "B" },
      ],
    };
    const { rollouts } = await collectImport(
      openaiImporter,
      writeTempFile("b.json", JSON.stringify(record, null, 2)),
    );
    const messages = rollouts[0].messages;
    expect(rollouts[0].taskKey).toBe("t-7");
    expect(messages[1].toolCalls?.map((call) => call.id)).toEqual(["call-1-0", "call-1-1"]);
    expect(messages[2]).toMatchObject({ toolCallId: "call-1-0", toolName: "a" });
    expect(messages[3]).toMatchObject({ toolCallId: "call-1-1", toolName: "b" });
  });

  it("keeps importing after a malformed middle line and reports a record without messages", async () => {
    const content = `${JSON.stringify(TOOL_RECORD)}\n{"messages": [\n${JSON.stringify({ prompt: "x" })}\n${JSON.stringify(TOOL_RECORD)}\n`;
    const { rollouts, errors } = await collectImport(openaiImporter, writeTempFile("c.jsonl", content));
    expect(rollouts).toHaveLength(2);
    expect(errors.map(({ record, line }) => [record, line])).toEqual([
      [2, 2],
      [3, 3],
    ]);
    expect(errors[0].message).toMatch(/^malformed JSON: unexpected end of JSON/);
    expect(errors[1].message).toBe(NO_CONVERSATION);
    expect(NO_CONVERSATION).toMatch(/^record has no chat messages \("messages", "conversation"/);
  });

  it("splits a response with two choices and a DPO pair into rollouts", async () => {
    const response = {
      id: "chatcmpl-1",
      object: "chat.completion",
      model: "gpt-x",
      messages: [{ role: "user", content: "hi" }],
      choices: [
        { index: 0, message: { role: "assistant", content: "a" }, finish_reason: "stop" },
        { index: 1, message: { role: "assistant", content: "b" }, finish_reason: "length" },
      ],
    };
    const dpo = {
      input: { messages: [{ role: "user", content: "q" }] },
      preferred_output: [{ role: "assistant", content: "good" }],
      non_preferred_output: [{ role: "assistant", content: "bad" }],
    };
    const { rollouts } = await collectImport(
      openaiImporter,
      writeTempFile("d.json", JSON.stringify([response, dpo])),
    );
    expect(
      rollouts.map((rollout) => [rollout.externalId, rollout.status, rollout.messages.map((m) => m.text)]),
    ).toEqual([
      ["chatcmpl-1#0", "completed", ["hi", "a"]],
      ["chatcmpl-1#1", "truncated", ["hi", "b"]],
      [null, "completed", ["q", "good"]],
      [null, "completed", ["q", "bad"]],
    ]);
    expect(rollouts[0].model).toBe("gpt-x");
  });

  it("turns NaN reward into null and refuses too-deep and too-long records", async () => {
    const deep = {
      messages: [{ role: "user", content: "x" }],
      metadata: JSON.parse(`${"[".repeat(20)}${"]".repeat(20)}`),
    };
    const content = [
      '{"messages": [{"role": "user", "content": "x"}], "reward": NaN}',
      JSON.stringify(deep),
      JSON.stringify({ messages: [{ role: "user", content: "y".repeat(500) }] }),
    ].join("\n");
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxJsonDepth: 10, maxRecordBytes: 400 };
    const { rollouts, errors } = await collectImport(
      openaiImporter,
      writeTempFile("e.jsonl", content),
      limits,
    );
    expect(rollouts).toHaveLength(1);
    expect(rollouts[0].reward).toBeNull();
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/^JSON nesting deeper than 10 levels/),
      "line is longer than the 400 bytes record limit; skipped",
    ]);
  });

  it("reports an empty file and a file of another format", async () => {
    expect((await collectImport(openaiImporter, writeTempFile("f.jsonl", ""))).errors).toHaveLength(1);
    const { rollouts, errors } = await collectImport(
      openaiImporter,
      corpusPath("inspect-ai-json/2025-05-12T20-28-13-04-00_popularity.json"),
    );
    expect(rollouts).toHaveLength(0);
    expect(errors.map((error) => error.message)).toEqual([NO_CONVERSATION]);
  });

  it("reads a bare message list whose first message is longer than the 64 KiB head", async () => {
    const content = JSON.stringify([
      { role: "user", content: "q".repeat(70_000) },
      { role: "assistant", content: "a" },
    ]);
    expect(openaiImporter.detect({ name: "l.json", head: Buffer.from(content).subarray(0, 65_536) })).toBe(
      45,
    );
    const { rollouts } = await collectImport(openaiImporter, writeTempFile("l.json", content));
    expect(rollouts.map((rollout) => rollout.messages.length)).toEqual([2]);
  });
});
