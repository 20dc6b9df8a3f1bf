import { describe, expect, it } from "vitest";
import { collectImport, corpusPath, summarizeRollouts, writeTempFile } from "@/lib/imports/testing/corpus";
import { anthropicImporter } from "./anthropic";

const SESSIONS = "anthropic-messages/claude-code-tb2-regex-log";
const IMAGE = Buffer.alloc(1500, 2).toString("base64");

const RECORD = {
  id: "conv-1",
  model: "claude-x",
  task: "calc",
  reward: 1,
  system: [{ type: "text", text: "You grade arithmetic." }],
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "What is 17 * 23?" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: IMAGE } },
      ],
    },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "Use the tool.", signature: "c2ln" },
        { type: "redacted_thinking", data: "opaque" },
        { type: "tool_use", id: "toolu_01", name: "calc", input: { expr: "17*23" } },
      ],
    },
    {
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_01", content: "division by zero", is_error: true },
        { type: "text", text: "Try again." },
      ],
    },
    {
      role: "assistant",
      content: [
        { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "17*23" } },
        {
          type: "web_search_tool_result",
          tool_use_id: "srvtoolu_1",
          content: [{ type: "web_search_result", title: "Calc", url: "https://example.com" }],
        },
        { type: "text", text: "17 × 23 = 391." },
      ],
    },
  ],
};

describe("anthropic importer on Claude Code sessions", () => {
  it("imports the opus run: thinking merged into its message, tool results linked", async () => {
    const { rollouts, errors } = await collectImport(
      anthropicImporter,
      corpusPath(`${SESSIONS}/opus-raw.jsonl`),
    );
    expect(errors).toEqual([]);
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 1,
      messages: 6,
      calls: 2,
      results: 2,
      linked: 2,
    });
    const [rollout] = rollouts;
    expect(rollout).toMatchObject({
      externalId: "8087d87f-f254-4d33-addb-48a3eacdbfe2",
      model: "claude-opus-4-5-20251101",
      harness: "claude-code",
      startedAt: "2025-12-11T21:35:54.277Z",
      endedAt: "2025-12-11T21:39:24.787Z",
      metadata: { version: "2.0.65", skippedLines: { "queue-operation": 1 } },
    });
    expect(rollout.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(rollout.messages.filter((message) => message.reasoning)).toHaveLength(3);
    expect(rollout.messages[1].toolCalls?.[0]).toMatchObject({
      id: "toolu_01L1rnfybfadrkVGTwHAQyQM",
      name: "Read",
    });
    expect(rollout.messages[1].tokens).toEqual({ input: 18630, output: 3, total: 18633 });
  });

  it("imports the sonnet run and the sub-agent sidechain", async () => {
    const sonnet = await collectImport(anthropicImporter, corpusPath(`${SESSIONS}/sonnet-raw.jsonl`));
    expect(summarizeRollouts(sonnet.rollouts)).toEqual({
      rollouts: 1,
      messages: 4,
      calls: 1,
      results: 1,
      linked: 1,
    });
    const agent = await collectImport(anthropicImporter, corpusPath(`${SESSIONS}/agent-a1df203.jsonl`));
    expect(summarizeRollouts(agent.rollouts)).toEqual({
      rollouts: 1,
      messages: 8,
      calls: 3,
      results: 3,
      linked: 3,
    });
    expect(agent.rollouts[0]).toMatchObject({
      externalId: "90b4f0e9-c3f6-4599-aed9-f6cf43ecc756:a1df203",
      model: "claude-sonnet-4-5-20250929",
      metadata: { agentId: "a1df203", isSidechain: true },
    });
    expect(agent.rollouts[0].messages.filter((message) => message.reasoning)).toHaveLength(4);
  });

  it("skips a malformed session line with an error and still imports the session", async () => {
    const lines = [
      {
        type: "user",
        sessionId: "s1",
        uuid: "u1",
        timestamp: "2025-01-01T00:00:00Z",
        message: { role: "user", content: "hi" },
      },
      {
        type: "assistant",
        sessionId: "s1",
        uuid: "u2",
        message: { id: "m1", role: "assistant", model: "c", content: [{ type: "text", text: "hello" }] },
      },
    ].map((line) => JSON.stringify(line));
    const path = writeTempFile("s.jsonl", `${lines[0]}\n{"type": "assistant", "sessionId"\n${lines[1]}\n`);
    const { rollouts, errors } = await collectImport(anthropicImporter, path);
    expect(rollouts).toHaveLength(1);
    expect(rollouts[0].messages.map((message) => message.text)).toEqual(["hi", "", "hello"]);
    // The unreadable line stands where it was, as an error message of the role its text names.
    expect(rollouts[0].messages[1]).toMatchObject({
      role: "assistant",
      error: expect.stringMatching(/^line 2 could not be read: malformed JSON/),
      metadata: { line: 2, unreadable: true },
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      line: 2,
      message: expect.stringMatching(/^session line skipped: malformed JSON/),
    });
  });
});

describe("anthropic importer on Messages API records", () => {
  it("maps system, blocks, client and server tool results, errors and images", async () => {
    const { rollouts, errors } = await collectImport(
      anthropicImporter,
      writeTempFile("r.json", JSON.stringify(RECORD, null, 2)),
    );
    expect(errors).toEqual([]);
    const [rollout] = rollouts;
    expect(rollout).toMatchObject({ externalId: "conv-1", taskKey: "calc", reward: 1, model: "claude-x" });
    expect(rollout.messages.map((message) => [message.role, message.text])).toEqual([
      ["system", "You grade arithmetic."],
      ["user", "What is 17 * 23?"],
      ["assistant", ""],
      ["tool", "division by zero"],
      ["user", "Try again."],
      ["assistant", ""],
      ["tool", "Calc\n\nhttps://example.com"],
      ["assistant", "17 × 23 = 391."],
    ]);
    expect(rollout.messages[1].parts).toEqual([{ type: "image", mediaType: "image/png", dataBytes: 1500 }]);
    expect(rollout.messages[2]).toMatchObject({
      reasoning: "Use the tool.\n\n[redacted thinking]",
      toolCalls: [{ id: "toolu_01", name: "calc", arguments: { expr: "17*23" } }],
    });
    expect(rollout.messages[3]).toMatchObject({ toolCallId: "toolu_01", error: "division by zero" });
    expect(rollout.messages[6]).toMatchObject({
      toolCallId: "srvtoolu_1",
      metadata: { blockType: "web_search_tool_result" },
    });
    expect(summarizeRollouts(rollouts)).toMatchObject({ calls: 2, results: 2, linked: 2 });
    expect(JSON.stringify(rollout.original)).toContain("[elided base64, 1500 bytes]");
  });

  it("keeps the good records of a JSONL file with a broken line and a record of another shape", async () => {
    const content = `${JSON.stringify(RECORD)}\n{"messages": [}\n{"prompt": "x"}\n${JSON.stringify(RECORD)}\n`;
    const { rollouts, errors } = await collectImport(anthropicImporter, writeTempFile("r.jsonl", content));
    expect(rollouts).toHaveLength(2);
    expect(errors.map((error) => [error.line, error.message])).toEqual([
      [2, expect.stringMatching(/^malformed JSON: .* at line 1, column 15 \(position 14\)$/)],
      [3, 'record has no "messages" list'],
    ]);
  });

  it("imports a bare list of Anthropic messages as one rollout", async () => {
    const path = writeTempFile("list.json", JSON.stringify(RECORD.messages));
    expect(
      anthropicImporter.detect({ name: "list.json", head: Buffer.from(JSON.stringify(RECORD.messages)) }),
    ).toBe(50);
    const { rollouts } = await collectImport(anthropicImporter, path);
    expect(summarizeRollouts(rollouts)).toEqual({
      rollouts: 1,
      messages: 7,
      calls: 2,
      results: 2,
      linked: 2,
    });
  });

  it("recognizes a session whose first line is longer than the 64 KiB head", async () => {
    const first = JSON.stringify({
      type: "user",
      sessionId: "s2",
      uuid: "u1",
      message: { role: "user", content: "z".repeat(70_000) },
    });
    const second = JSON.stringify({
      type: "assistant",
      sessionId: "s2",
      uuid: "u2",
      message: { id: "m", role: "assistant", content: "ok" },
    });
    const content = `${first}\n${second}\n`;
    expect(
      anthropicImporter.detect({ name: "s.jsonl", head: Buffer.from(content).subarray(0, 65_536) }),
    ).toBe(90);
    const { rollouts } = await collectImport(anthropicImporter, writeTempFile("s.jsonl", content));
    expect(rollouts[0]).toMatchObject({ externalId: "s2", harness: "claude-code" });
    expect(rollouts[0].messages.map((message) => message.text.length)).toEqual([70_000, 2]);
  });
});
