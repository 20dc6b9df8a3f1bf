import { describe, expect, it } from "vitest";
import type { NormalizedMessage } from "@/lib/imports/types";
import { countToolLinks, linkToolResults } from "./link-tool-results";

describe("linkToolResults", () => {
  it("synthesizes missing call ids and links id-less results in order, preferring the same tool name", () => {
    const messages: NormalizedMessage[] = [
      { role: "user", text: "go" },
      {
        role: "assistant",
        text: "",
        toolCalls: [
          { id: "", name: "a", arguments: {} },
          { id: "", name: "b", arguments: {} },
        ],
      },
      { role: "tool", text: "B", toolName: "b" },
      { role: "tool", text: "A" },
    ];
    const linked = linkToolResults(messages);
    expect(linked[1].toolCalls?.map((call) => call.id)).toEqual(["call-1-0", "call-1-1"]);
    expect(linked[2]).toMatchObject({ toolCallId: "call-1-1", toolName: "b" });
    expect(linked[3]).toMatchObject({ toolCallId: "call-1-0", toolName: "a" });
    expect(countToolLinks(linked)).toEqual({ calls: 2, results: 2, linked: 2 });
  });

  it("never leaves a toolCallId that points at no earlier call", () => {
    const linked = linkToolResults([
      { role: "tool", text: "orphan", toolCallId: "ghost" },
      { role: "assistant", text: "", toolCalls: [{ id: "c1", name: "x", arguments: {} }] },
      { role: "tool", text: "ok", toolCallId: "c1" },
      { role: "tool", text: "late", toolCallId: "ghost-2" },
    ]);
    expect(linked.map((message) => message.toolCallId ?? null)).toEqual([null, null, "c1", null]);
    expect(linked[0].metadata).toEqual({ sourceToolCallId: "ghost" });
    expect(countToolLinks(linked)).toEqual({ calls: 1, results: 3, linked: 1 });
  });
});
