import { describe, expect, it } from "vitest";
import { readFormatSample } from "@/lib/imports/read/read-file-head";
import { collectImport, writeTempFile } from "@/lib/imports/testing/corpus";
import type { NormalizedRollout } from "@/lib/imports/types";
import { openhandsImporter } from "./openhands";

// OpenHands V1 (software-agent-sdk) events; no V1 file is in the corpus, so events follow the SDK's
// event classes (SystemPromptEvent, MessageEvent, ActionEvent, ObservationEvent, AgentErrorEvent).

async function writeTemp(name: string, data: string): Promise<string> {
  return writeTempFile(name, data);
}

async function collect(path: string) {
  return (await collectImport(openhandsImporter, path)).items;
}

function rolloutsOf(records: Awaited<ReturnType<typeof collect>>): NormalizedRollout[] {
  return records.flatMap((record) => (record.kind === "rollout" ? [record.rollout] : []));
}

function errorsOf(records: Awaited<ReturnType<typeof collect>>): string[] {
  return records.flatMap((record) => (record.kind === "error" ? [record.message] : []));
}

function roles(rollout: NormalizedRollout): string {
  return rollout.messages.map((m) => m.role[0]).join("");
}

describe("openhands importer on V1 SDK events", () => {
  const events = [
    {
      kind: "SystemPromptEvent",
      id: "e0",
      source: "agent",
      timestamp: "2025-09-01T10:00:00",
      system_prompt: { type: "text", text: "You are OpenHands." },
      tools: [],
    },
    {
      kind: "MessageEvent",
      id: "e1",
      source: "user",
      llm_message: { role: "user", content: [{ type: "text", text: "List files" }] },
    },
    {
      kind: "ActionEvent",
      id: "e2",
      source: "agent",
      thought: [{ type: "text", text: "Two commands." }],
      reasoning_content: "plan",
      tool_name: "terminal",
      tool_call_id: "t1",
      llm_response_id: "r1",
      tool_call: { id: "t1", name: "terminal", arguments: '{"command": "ls"}' },
      action: { kind: "TerminalAction", command: "ls" },
    },
    {
      kind: "ActionEvent",
      id: "e3",
      source: "agent",
      thought: [],
      tool_name: "terminal",
      tool_call_id: "t2",
      llm_response_id: "r1",
      tool_call: { id: "t2", name: "terminal", arguments: '{"command": "pwd"}' },
    },
    {
      kind: "ObservationEvent",
      id: "e4",
      source: "environment",
      tool_name: "terminal",
      tool_call_id: "t1",
      action_id: "e2",
      observation: {
        kind: "TerminalObservation",
        content: [{ type: "text", text: "a.py" }],
        is_error: false,
      },
    },
    {
      kind: "AgentErrorEvent",
      id: "e5",
      source: "agent",
      tool_name: "terminal",
      tool_call_id: "t2",
      error: "sandbox gone",
    },
    { kind: "TokenEvent", id: "e6", source: "agent", prompt_token_ids: [], response_token_ids: [] },
    { kind: "ConversationStateUpdateEvent", id: "e7", key: "execution_status", value: "finished" },
  ];

  it("maps a JSON array and JSONL of events to one rollout with grouped parallel calls", async () => {
    for (const text of [JSON.stringify(events), events.map((e) => JSON.stringify(e)).join("\n")]) {
      const path = await writeTemp("events.jsonl", text);
      expect(openhandsImporter.detect(await readFormatSample({ path, name: "events.jsonl" }))).toBe(90);
      const records = await collect(path);
      expect(errorsOf(records)).toEqual([]);
      expect(records).toHaveLength(1);
      const [rollout] = rolloutsOf(records);
      expect(roles(rollout)).toBe("suatt");
      expect(rollout.messages[2]).toMatchObject({
        text: "Two commands.",
        reasoning: "plan",
        toolCalls: [
          { id: "t1", name: "terminal", arguments: { command: "ls" } },
          { id: "t2", name: "terminal", arguments: { command: "pwd" } },
        ],
      });
      expect(rollout.messages[3]).toMatchObject({ text: "a.py", toolCallId: "t1" });
      expect(rollout.messages[4]).toMatchObject({ error: "sandbox gone", toolCallId: "t2" });
      // An agent error answers one call; the conversation itself finished.
      expect(rollout).toMatchObject({
        status: "completed",
        error: null,
        metadata: { eventFormat: "v1", skippedEvents: { TokenEvent: 1 } },
      });
    }
  });

  it("marks the rollout failed on a conversation error or a final error status", async () => {
    const failed = [
      ...events.slice(0, 2),
      { kind: "ConversationErrorEvent", id: "x", detail: "LLM provider unreachable", code: "llm_error" },
    ];
    const [first] = rolloutsOf(await collect(await writeTemp("failed.json", JSON.stringify(failed))));
    expect(first).toMatchObject({ status: "error", error: "LLM provider unreachable" });
    const stopped = [
      ...events.slice(0, 2),
      { kind: "ConversationStateUpdateEvent", id: "y", key: "execution_status", value: "error" },
    ];
    const [second] = rolloutsOf(await collect(await writeTemp("stopped.json", JSON.stringify(stopped))));
    expect(second).toMatchObject({ status: "error", error: "the conversation ended in the error state" });
  });
});
