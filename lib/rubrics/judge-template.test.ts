import { describe, expect, it } from "vitest";
import {
  DEFAULT_JUDGE_TEMPLATE,
  formatCriteria,
  listTemplateVariables,
  renderJudgePrompt,
} from "./judge-template";
import { criterionInput } from "./schemas";

const criteria = [
  criterionInput.parse({
    key: "metric",
    title: "Pre-registered primary metric",
    description: "Names one metric before seeing data.",
    weight: 2,
    passExamples: ["Primary metric: insertion rate at trigger year 2025."],
  }),
  criterionInput.parse({
    key: "power",
    title: "Power analysis",
    type: "scale",
    scaleMax: 3,
    failExamples: ["No n given."],
  }),
];

describe("judge templates", () => {
  it("lists used and unknown variables", () => {
    expect(listTemplateVariables("{{prompt}} {{ response }} {{answerkey}} {{criteria}}")).toEqual({
      used: ["prompt", "response", "criteria"],
      unknown: ["answerkey"],
    });
    expect(listTemplateVariables(DEFAULT_JUDGE_TEMPLATE).used.sort()).toEqual([
      "answer_key",
      "criteria",
      "prompt",
      "response",
    ]);
  });

  it("formats criteria with scale, weight and examples", () => {
    expect(formatCriteria(criteria)).toBe(
      [
        "- [metric] Pre-registered primary metric (score 1 if met, 0 if not; weight 2)",
        "  Names one metric before seeing data.",
        "  Meets it: Primary metric: insertion rate at trigger year 2025.",
        "- [power] Power analysis (score 0 to 3; weight 1)",
        "  Does not: No n given.",
      ].join("\n"),
    );
  });

  it("fills every variable once and never expands variables inside values", () => {
    const rendered = renderJudgePrompt("P={{prompt}} R={{response}} K={{answer_key}} X={{unknown}}", {
      prompt: "Design it",
      response: "I say {{answer_key}}",
      answerKey: "42",
      criteria,
    });
    expect(rendered).toBe("P=Design it R=I say {{answer_key}} K=42 X={{unknown}}");
  });
});
