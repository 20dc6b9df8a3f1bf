import { describe, expect, it } from "vitest";
import { detectFormat } from "@/lib/imports/detect";
import { readFormatSample } from "@/lib/imports/read/read-file-head";
import { collectImport, writeTempFile } from "@/lib/imports/testing/corpus";
import { acpImporter } from "./acp";
import { countToolLinks } from "./shared/link-tool-results";

// An Agent Client Protocol trace in the protocol's own messages (agentclientprotocol schema): the
// client's initialize, session/new and session/prompt, the agent's session/update notifications
// (thought and message chunks, a read tool call, an edit with a diff, a failed command), a permission
// request, and the prompt's end_turn response.

const S = "sess_abc123def456";
const update = (u: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  method: "session/update",
  params: { sessionId: S, update: u },
});
const TRACE: unknown[] = [
  {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: true } } },
  },
  { jsonrpc: "2.0", id: 0, result: { protocolVersion: 1, agentCapabilities: { loadSession: true } } },
  { jsonrpc: "2.0", id: 1, method: "session/new", params: { cwd: "/home/dev/app", mcpServers: [] } },
  {
    jsonrpc: "2.0",
    id: 1,
    result: { sessionId: S, models: { currentModelId: "claude-sonnet-4-5", availableModels: [] } },
  },
  {
    jsonrpc: "2.0",
    id: 2,
    method: "session/prompt",
    params: {
      sessionId: S,
      prompt: [
        { type: "text", text: "Rename foo to bar in " },
        { type: "resource_link", uri: "file:///home/dev/app/main.py", name: "main.py" },
      ],
    },
  },
  update({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "Read the file, " } }),
  update({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "then edit it." } }),
  update({
    sessionUpdate: "plan",
    entries: [{ content: "Edit main.py", priority: "high", status: "pending" }],
  }),
  update({
    sessionUpdate: "tool_call",
    toolCallId: "call_001",
    title: "Reading main.py",
    kind: "read",
    status: "pending",
    locations: [{ path: "/home/dev/app/main.py" }],
    rawInput: { path: "/home/dev/app/main.py" },
  }),
  update({
    sessionUpdate: "tool_call_update",
    toolCallId: "call_001",
    status: "completed",
    content: [{ type: "content", content: { type: "text", text: "def foo():\n    return 1" } }],
  }),
  update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Renaming " } }),
  update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "now." } }),
  update({
    sessionUpdate: "tool_call",
    toolCallId: "call_002",
    title: "Edit main.py",
    kind: "edit",
    status: "pending",
  }),
  {
    jsonrpc: "2.0",
    id: 5,
    method: "session/request_permission",
    params: {
      sessionId: S,
      toolCall: { toolCallId: "call_002" },
      options: [{ optionId: "allow", name: "Allow", kind: "allow_once" }],
    },
  },
  { jsonrpc: "2.0", id: 5, result: { outcome: { outcome: "selected", optionId: "allow" } } },
  update({
    sessionUpdate: "tool_call_update",
    toolCallId: "call_002",
    status: "completed",
    content: [{ type: "diff", path: "/home/dev/app/main.py", oldText: "def foo():", newText: "def bar():" }],
  }),
  update({
    sessionUpdate: "tool_call",
    toolCallId: "call_003",
    title: "pytest",
    kind: "execute",
    status: "in_progress",
    rawInput: { command: "pytest" },
  }),
  update({
    sessionUpdate: "tool_call_update",
    toolCallId: "call_003",
    status: "failed",
    content: [{ type: "content", content: { type: "text", text: "1 failed" } }],
  }),
  update({
    sessionUpdate: "agent_message_chunk",
    content: { type: "text", text: "Renamed; one test still fails." },
  }),
  { jsonrpc: "2.0", id: 2, result: { stopReason: "end_turn" } },
];

const write = (lines: unknown[]) =>
  writeTempFile(
    "session.acp.jsonl",
    `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`,
  );

describe("Agent Client Protocol traces", () => {
  it("are detected and become one rollout per session: turns, thoughts, tool calls with kind, status, content and diffs", async () => {
    const path = write(TRACE);
    expect(detectFormat(await readFormatSample({ path, name: "session.acp.jsonl" }))).toMatchObject({
      format: "acp",
    });
    const { rollouts, errors, items } = await collectImport(acpImporter, path);
    expect(errors).toEqual([]);
    expect(rollouts).toHaveLength(1);
    const [rollout] = rollouts;
    expect(rollout).toMatchObject({
      externalId: S,
      model: "claude-sonnet-4-5",
      harness: "acp",
      status: "completed",
      metadata: { stopReasons: ["end_turn"] },
    });
    expect(rollout.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(rollout.messages[0].text).toBe("Rename foo to bar in [main.py](file:///home/dev/app/main.py)");
    expect(rollout.messages[1]).toMatchObject({
      reasoning: "Read the file, then edit it.",
      toolCalls: [{ id: "call_001", name: "Reading main.py", arguments: { path: "/home/dev/app/main.py" } }],
    });
    expect(rollout.messages[2]).toMatchObject({
      text: "def foo():\n    return 1",
      metadata: { kind: "read", status: "completed" },
    });
    expect(rollout.messages[3]).toMatchObject({
      text: "Renaming now.",
      toolCalls: [{ id: "call_002" }],
    });
    expect(rollout.messages[4]).toMatchObject({
      text: "--- /home/dev/app/main.py\n+++ /home/dev/app/main.py\n-def foo():\n+def bar():",
      metadata: {
        kind: "edit",
        diffs: [{ path: "/home/dev/app/main.py", oldText: "def foo():", newText: "def bar():" }],
      },
    });
    // The next call comes after the edit's result: a step of its own.
    expect(rollout.messages[5]).toMatchObject({
      text: "",
      toolCalls: [{ id: "call_003", arguments: { command: "pytest" } }],
    });
    expect(rollout.messages[6]).toMatchObject({ error: "1 failed", metadata: { status: "failed" } });
    expect(countToolLinks(rollout.messages)).toEqual({ calls: 3, results: 3, linked: 3 });
    expect(rollout.metadata.plan).toEqual([{ content: "Edit main.py", priority: "high", status: "pending" }]);
    const skipped = Object.fromEntries(
      items.flatMap((item) => (item.kind === "skipped" ? [[item.type, item.count]] : [])),
    );
    expect(skipped).toMatchObject({ initialize: 1, "session/request_permission": 1 });
  });

  it("a trace cut before the tool finished is truncated; a broken line fails alone", async () => {
    const cut = await collectImport(acpImporter, write(TRACE.slice(0, 9)));
    expect(cut.rollouts[0].status).toBe("truncated");
    const lines = [...TRACE];
    lines.splice(10, 0, '{"jsonrpc":"2.0","method":"session/upd');
    const broken = await collectImport(acpImporter, write(lines));
    expect(broken.errors).toEqual([expect.objectContaining({ line: 11 })]);
    expect(broken.rollouts[0].messages.some((m) => m.metadata?.unreadable)).toBe(true);
    expect(countToolLinks(broken.rollouts[0].messages)).toEqual({ calls: 3, results: 3, linked: 3 });
  });
});
