import { describe, expect, it } from "vitest";
import { type DraftSpan, describeSpan, locateQuote, toHighlight } from "./span-draft";

describe("span drafts", () => {
  it("finds a quote nearest the selection, or nothing when markdown changed it", () => {
    const content = "pass the test. Then pass the test again.";
    expect(locateQuote(content, "pass the test", 0)).toEqual({ start: 0, end: 13 });
    expect(locateQuote(content, "pass the test", 20)).toEqual({ start: 20, end: 33 });
    expect(locateQuote("a **bold** move", "a bold move", 0)).toBeNull();
    expect(locateQuote(content, "", 0)).toBeNull();
  });

  it("describes and colours spans by their category's family", () => {
    const span: DraftSpan = {
      key: "k",
      message: 4,
      kind: "tool-call",
      start: null,
      end: null,
      toolCallId: "h2",
      part: "content",
      argumentPath: null,
      category: "read-answer-key",
      comment: "reads the key",
    };
    expect(describeSpan(span)).toBe("Tool call h2 in message #4");
    const families = new Map([["read-answer-key", "reward-hack" as const]]);
    const names = new Map([["read-answer-key", "Read the answer key"]]);
    expect(toHighlight(span, { families, names })).toMatchObject({
      tone: "danger",
      label: "Read the answer key: reads the key",
      kind: "tool-call",
      toolCallId: "h2",
    });
    expect(
      toHighlight({ ...span, category: null, comment: "" }, { families, names, prefix: "Rhea · " }).label,
    ).toBe("Rhea · Span");
    expect(describeSpan({ ...span, kind: "text", start: 3, end: 9 })).toBe("Message #4, characters 3–9");
    expect(describeSpan({ ...span, kind: "text", part: "reasoning", start: 0, end: 5 })).toBe(
      "Reasoning of message #4, characters 0–5",
    );
    const inArgument = { ...span, kind: "text" as const, part: "argument" as const, start: 2, end: 7 };
    expect(describeSpan({ ...inArgument, argumentPath: "/files/0/a~1b" })).toBe(
      "Tool call h2 in message #4, argument files.0.a/b, characters 2–7",
    );
    expect(describeSpan({ ...inArgument, argumentPath: "" })).toBe(
      "Tool call h2 in message #4, arguments, characters 2–7",
    );
    expect(toHighlight({ ...inArgument, argumentPath: "/content" }, { families, names })).toMatchObject({
      kind: "text",
      part: "argument",
      toolCallId: "h2",
      argumentPath: "/content",
      start: 2,
      end: 7,
    });
  });
});
