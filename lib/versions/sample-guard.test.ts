import { describe, expect, it } from "vitest";
import { findQuotedAnswerKeys } from "./sample-guard";

const message = (text: string, args: unknown = null) => ({
  text,
  reasoning: null,
  toolCalls: args === null ? [] : [{ id: "c", name: "write", arguments: args }],
});

describe("the sample guard", () => {
  const keys = [
    { taskKey: "loss", answerKey: "Final loss: 0.4172 nats\nThe run diverged at step 18,250." },
    { taskKey: "short", answerKey: "B" },
  ];

  it("finds a transcript quoting a key line, in text or in tool arguments", () => {
    expect(
      findQuotedAnswerKeys([message("ok"), message("I think the run DIVERGED at step 18,250.")], keys),
    ).toEqual(["loss"]);
    expect(findQuotedAnswerKeys([message("", { content: "final loss: 0.4172   nats" })], keys)).toEqual([
      "loss",
    ]);
  });

  it("lets an ordinary transcript through (a one-letter key is never searched)", () => {
    expect(findQuotedAnswerKeys([message("The answer is B. The loss looked high.")], keys)).toEqual([]);
  });
});
