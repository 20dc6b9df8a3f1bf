import { describe, expect, it } from "vitest";
import type { TranscriptMessage } from "./message-dto";
import { callKey, pairToolCalls } from "./pair-tool-calls";

function message(index: number, fields: Partial<TranscriptMessage>): TranscriptMessage {
  return {
    index,
    role: "assistant",
    content: "",
    contentLength: 0,
    reasoning: null,
    reasoningLength: 0,
    parts: [],
    toolCalls: [],
    toolCallId: null,
    toolName: null,
    error: null,
    tokens: null,
    model: null,
    sentAt: null,
    metadata: null,
    ...fields,
  };
}

const call = (id: string, name = "bash") => ({ id, name, arguments: { cmd: "ls" } });

describe("pairToolCalls", () => {
  it("pairs parallel calls with their results by id, whatever order the results come in", () => {
    const pairing = pairToolCalls([
      message(0, { toolCalls: [call("a"), call("b", "read_file")] }),
      message(1, { role: "tool", toolCallId: "b", content: "file" }),
      message(2, { role: "tool", toolCallId: "a", content: "dir" }),
    ]);
    expect(pairing.resultByCall.get(callKey(0, "a"))?.index).toBe(2);
    expect(pairing.resultByCall.get(callKey(0, "b"))?.index).toBe(1);
    expect(pairing.callByResult.get(1)).toEqual({ callIndex: 0, call: call("b", "read_file") });
    expect(pairing.callByResult.size).toBe(2);
  });

  it("pairs a reused id with the latest open call before the result", () => {
    const pairing = pairToolCalls([
      message(4, { role: "tool", toolCallId: "x" }),
      message(0, { toolCalls: [call("x")] }),
      message(1, { role: "tool", toolCallId: "x" }),
      message(3, { toolCalls: [call("x")] }),
    ]);
    expect(pairing.callByResult.get(1)?.callIndex).toBe(0);
    expect(pairing.callByResult.get(4)?.callIndex).toBe(3);
  });

  it("leaves orphan results and unanswered calls unpaired", () => {
    const pairing = pairToolCalls([
      message(0, { role: "tool", toolCallId: "ghost" }),
      message(1, { toolCalls: [call("c")] }),
      message(2, { role: "user", content: "stop" }),
    ]);
    expect(pairing.callByResult.size).toBe(0);
    expect(pairing.resultByCall.size).toBe(0);
  });
});
