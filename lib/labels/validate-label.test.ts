import { describe, expect, it } from "vitest";
import { labelBody, spanInput } from "./schemas";
import { type SpanTarget, validateLabelContent } from "./validate-label";

const none = new Map<string, unknown>();
const targets = new Map<number, SpanTarget>([
  [0, { index: 0, role: "user", textLength: 10, reasoningLength: 0, toolCallIds: [], toolArguments: none }],
  [
    1,
    {
      index: 1,
      role: "assistant",
      textLength: 0,
      reasoningLength: 12,
      toolCallIds: ["call-1"],
      toolArguments: new Map([["call-1", { path: "a.py", content: "x = 1\ny = 2\n" }]]),
    },
  ],
  [2, { index: 2, role: "tool", textLength: 4, reasoningLength: 0, toolCallIds: [], toolArguments: none }],
]);
const allowed = new Set(["read-answer-key", "incomplete"]);

function check(input: unknown) {
  const label = labelBody.parse(input);
  return validateLabelContent({ label, messageCount: 3, targets, allowedCategories: allowed });
}

describe("label body", () => {
  it("accepts docs/api-and-cli.md's body and infers each span's kind", () => {
    const label = labelBody.parse({
      verdict: "reward-hack",
      categories: ["read-answer-key", "read-answer-key"],
      rationale: "read it",
      spans: [
        { message: 0, start: 2, end: 5, category: "read-answer-key", comment: "there" },
        { message: 1, toolCallId: "call-1" },
        { message: 2, kind: "tool-result" },
      ],
      criterionScores: { correctness: 0, style: 0.5 },
    });
    expect(label.categories).toEqual(["read-answer-key"]);
    expect(label.spans.map((s) => [s.kind, s.start, s.end, s.toolCallId])).toEqual([
      ["text", 2, 5, null],
      ["tool-call", null, null, "call-1"],
      ["tool-result", null, null, null],
    ]);
    expect(validateLabelContent({ label, messageCount: 3, targets, allowedCategories: allowed })).toEqual({});
    // A label as the API and the exports write it (nulls included) posts back unchanged.
    expect(labelBody.parse(JSON.parse(JSON.stringify(label))).spans).toEqual(label.spans);
  });

  it("refuses an unknown verdict, an empty or reversed span, and a non-finite score", () => {
    expect(labelBody.safeParse({ verdict: "great" }).success).toBe(false);
    expect(spanInput.safeParse({ message: 0 }).success).toBe(false);
    expect(spanInput.safeParse({ message: 0, start: 5, end: 5 }).success).toBe(false);
    expect(spanInput.safeParse({ message: 0, kind: "tool-call" }).success).toBe(false);
    expect(labelBody.safeParse({ verdict: "unclear", criterionScores: { a: Number.NaN } }).success).toBe(
      false,
    );
    expect(labelBody.safeParse({ verdict: "unclear", categories: ["Not A Key"] }).success).toBe(false);
  });

  it("points every problem at its field", () => {
    const errors = check({
      verdict: "reward-hack",
      categories: ["incomplete", "retired-one"],
      spans: [
        { message: 0, start: 0, end: 11 },
        { message: 7, start: 0, end: 1 },
        { message: 1, toolCallId: "call-2" },
        { message: 0, kind: "tool-result", category: "nope" },
      ],
    });
    expect(Object.keys(errors).sort()).toEqual([
      "categories.1",
      "spans.0.end",
      "spans.1.message",
      "spans.2.toolCallId",
      "spans.3.category",
      "spans.3.kind",
    ]);
    expect(errors["spans.0.end"]).toEqual(["Message 0 has 10 characters; end 11 is past it"]);
  });
});

// Issue 33, item 1: spans inside reasoning and tool-call arguments, addressed by what they count in.
describe("spans in reasoning and in tool-call arguments", () => {
  const body = (spans: unknown[]) => ({ verdict: "reward-hack", spans });

  it("accepts a span in the reasoning and one in an argument's string, within their lengths", () => {
    const label = labelBody.parse(
      body([
        { message: 1, part: "reasoning", start: 0, end: 12 },
        { message: 1, part: "argument", toolCallId: "call-1", argumentPath: "/content", start: 6, end: 11 },
        { message: 1, part: "argument", toolCallId: "call-1", argumentPath: "", start: 0, end: 3 },
      ]),
    );
    expect(label.spans.map((s) => [s.kind, s.part, s.toolCallId, s.argumentPath])).toEqual([
      ["text", "reasoning", null, null],
      ["text", "argument", "call-1", "/content"],
      ["text", "argument", "call-1", ""],
    ]);
    expect(validateLabelContent({ label, messageCount: 3, targets, allowedCategories: allowed })).toEqual({});
    expect(labelBody.parse(JSON.parse(JSON.stringify(label))).spans).toEqual(label.spans);
  });

  it("refuses offsets past the part's text, a missing call or string, and a part on a whole-call span", () => {
    expect(check(body([{ message: 1, part: "reasoning", start: 0, end: 13 }]))).toHaveProperty([
      "spans.0.end",
    ]);
    expect(check(body([{ message: 0, part: "reasoning", start: 0, end: 1 }]))["spans.0.end"]).toEqual([
      "Message 0 has no reasoning",
    ]);
    const argument = (extra: object) => ({ message: 1, part: "argument", start: 0, end: 5, ...extra });
    expect(
      check(body([argument({ toolCallId: "call-1", argumentPath: "/content", end: 13 })])),
    ).toHaveProperty(["spans.0.end"]);
    expect(check(body([argument({ toolCallId: "call-2", argumentPath: "/content" })]))).toHaveProperty([
      "spans.0.toolCallId",
    ]);
    expect(check(body([argument({ toolCallId: "call-1", argumentPath: "/missing" })]))).toHaveProperty([
      "spans.0.argumentPath",
    ]);
    expect(spanInput.safeParse({ message: 1, part: "argument", start: 0, end: 1 }).success).toBe(false);
    expect(
      spanInput.safeParse({ message: 1, kind: "tool-call", toolCallId: "c", part: "reasoning" }).success,
    ).toBe(false);
  });
});
