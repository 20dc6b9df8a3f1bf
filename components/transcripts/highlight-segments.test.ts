import { describe, expect, it } from "vitest";
import { splitByHighlights, type TextHighlight } from "./highlight-segments";

const span = (id: string, start: number, end: number): TextHighlight => ({
  id,
  messageIndex: 0,
  kind: "text",
  start,
  end,
  label: id,
  tone: "danger",
});

const view = (text: string, highlights: TextHighlight[]) =>
  splitByHighlights(text, highlights).map((s) => [s.text, s.highlights.map((h) => h.id).join("+")]);

describe("splitByHighlights", () => {
  it("marks one range", () => {
    expect(view("read the answer key now", [span("a", 9, 19)])).toEqual([
      ["read the ", ""],
      ["answer key", "a"],
      [" now", ""],
    ]);
  });

  it("splits overlapping ranges into covered pieces", () => {
    expect(view("abcdefghij", [span("a", 1, 6), span("b", 4, 9)])).toEqual([
      ["a", ""],
      ["bcd", "a"],
      ["ef", "a+b"],
      ["ghi", "b"],
      ["j", ""],
    ]);
  });

  it("clips ranges past the shown text and drops empty or non-text ones", () => {
    const call: TextHighlight = { ...span("c", 0, 0), kind: "tool-call", toolCallId: "x" };
    expect(view("short", [span("a", 3, 500), span("z", 9, 12), call])).toEqual([
      ["sho", ""],
      ["rt", "a"],
    ]);
    expect(view("", [span("a", 0, 3)])).toEqual([]);
  });

  it("keeps astral characters whole when offsets are JavaScript indexes", () => {
    const text = "ok 🎉 done";
    expect(view(text, [span("a", 3, 5)])).toEqual([
      ["ok ", ""],
      ["🎉", "a"],
      [" done", ""],
    ]);
  });
});
