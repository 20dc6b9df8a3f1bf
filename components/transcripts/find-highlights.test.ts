import { describe, expect, it } from "vitest";
import type { TranscriptMessage } from "@/lib/rollouts/message-dto";
import { findHighlights } from "./find-highlights";

// Issue 33, item 7: find said "1 of 134" and marked nothing, even when the match sat in collapsed reasoning.

const message = (over: Partial<TranscriptMessage>): TranscriptMessage =>
  ({
    index: 3,
    role: "assistant",
    content: "",
    contentLength: 0,
    reasoning: null,
    reasoningLength: 0,
    toolCalls: [],
    error: null,
    ...over,
  }) as TranscriptMessage;

const where = (marks: ReturnType<typeof findHighlights>) =>
  marks.map((m) => [m.part, m.argumentPath ?? null, m.start, m.end]);

describe("findHighlights", () => {
  it("marks every case-insensitive occurrence in the text and the reasoning", () => {
    const marks = findHighlights(
      message({ content: "Answer key? The ANSWER key.", reasoning: "I could read the answer key." }),
      "answer key",
    );
    expect(where(marks)).toEqual([
      ["content", null, 0, 10],
      ["content", null, 16, 26],
      ["reasoning", null, 17, 27],
    ]);
    expect(marks.every((m) => m.id === "find-3" && m.kind === "text" && m.messageIndex === 3)).toBe(true);
  });

  it("marks a match inside a tool call's arguments, in the raw JSON and in the string shown as text", () => {
    const call = {
      id: "w1",
      name: "write_file",
      arguments: { path: "t.py", content: "x = 1\nassert True\n" },
    };
    const marks = findHighlights(message({ toolCalls: [call] }), "assert");
    expect(marks.map((m) => [m.part, m.toolCallId, m.argumentPath])).toEqual([
      ["argument", "w1", ""],
      ["argument", "w1", "/content"],
    ]);
    expect(marks[1]).toMatchObject({ start: 6, end: 12 });
  });

  it("marks each word when the phrase is not there as written (a full-text match)", () => {
    const marks = findHighlights(
      message({ content: "The tests were running; run them again." }),
      "run tests",
    );
    expect(where(marks)).toEqual([
      ["content", null, 15, 18],
      ["content", null, 24, 27],
      ["content", null, 4, 9],
    ]);
  });

  it("marks nothing for an empty query or a message without it", () => {
    expect(findHighlights(message({ content: "hello" }), "  ")).toEqual([]);
    expect(findHighlights(message({ content: "hello" }), "absent")).toEqual([]);
  });
});
