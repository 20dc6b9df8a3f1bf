import { describe, expect, it } from "vitest";
import { runCheck, scoreOutcomes } from "@/lib/rubrics/checks";
import { listTemplateVariables } from "@/lib/rubrics/judge-template";
import { checkCoverage, extractRequirements } from "../coverage";
import { buildCoverageInput } from "../grader-items";
import { linkRequirementsById } from "../link-requirements";
import { createTaskInput, type TaskContent } from "../schemas";
import { findTemplate, TEMPLATES } from "./index";

function contentOf(id: string): TaskContent {
  const template = findTemplate(id);
  if (!template) throw new Error(`no template ${id}`);
  const { key: _, ...content } = createTaskInput.parse(template.task);
  return linkRequirementsById(content);
}

const grade = (content: TaskContent, response: string) => content.checks.map((c) => runCheck(c, response));

describe("the task templates", () => {
  it("has the four worked tasks and their variants, with unique ids and keys", () => {
    expect(TEMPLATES.map((t) => t.id)).toEqual([
      "design-experiment",
      "reproduce-redacted",
      "predict-redacted",
      "critique-flawed-paper",
      "critique-sound-control",
      "governance-impact",
    ]);
    expect(new Set(TEMPLATES.map((t) => t.task.key)).size).toBe(TEMPLATES.length);
  });

  it.each(TEMPLATES.map((t) => [t.id]))("%s is valid and passes its own coverage check", (id) => {
    const content = contentOf(id);
    const result = checkCoverage(buildCoverageInput({ content, shared: null }));
    expect(result.findings.map((f) => `${f.kind}: ${f.message}`)).toEqual([]);
    expect(result.requirements.length).toBeGreaterThanOrEqual(5);
    expect(content.answerKey.length).toBeGreaterThan(200);
    expect(content.criteria.length).toBeGreaterThanOrEqual(3);
    expect(content.checks.length).toBeGreaterThanOrEqual(1);
    expect(listTemplateVariables(content.judgeTemplate).unknown).toEqual([]);
  });

  it.each(TEMPLATES.map((t) => [t.id]))(
    "%s links every criterion to a requirement of its prompt by id",
    (id) => {
      const content = contentOf(id);
      const ids = new Set(extractRequirements(content.prompt).map((r) => r.id));
      for (const criterion of content.criteria.filter((c) => !c.isGiveUp)) {
        expect(
          criterion.requirements.some((r) => ids.has(r)),
          criterion.key,
        ).toBe(true);
      }
    },
  );

  it("grades the governance counts exactly, including the run that sits at the threshold", () => {
    const content = contentOf("governance-impact");
    const right = "…memo…\nRUNS_COVERED: 6\nWITHOUT_COMMITMENTS: 2\nNEW_EVALUATIONS: 2\n";
    expect(grade(content, right).map((o) => o.passed)).toEqual([true, true, true]);
    const countsTheBoundary = "RUNS_COVERED: 7\nWITHOUT_COMMITMENTS: 3\nNEW_EVALUATIONS: 3";
    const outcomes = grade(content, countsTheBoundary);
    expect(outcomes.map((o) => o.passed)).toEqual([false, false, false]);
    expect(scoreOutcomes(outcomes)).toBe(0);
  });

  it("checks the reproduction's number and final lines", () => {
    const content = contentOf("reproduce-redacted");
    const faithful = "Commands…\nASR: 0.36\nSEEDS: 0.34, 0.36, 0.38\nDEVIATIONS: none";
    expect(grade(content, faithful).map((o) => [o.key, o.passed])).toEqual([
      ["asr", true],
      ["seeds-line", true],
      ["deviations-line", true],
    ]);
    const defaultTokens = "ASR: 0.31\nSEEDS: 0.30, 0.31, 0.32\nDEVIATIONS: none";
    expect(grade(content, defaultTokens)[0].passed).toBe(false);
  });

  it("checks the critique verdict in the JSON block, opposite for the control", () => {
    const answer = (supported: boolean) =>
      `Review…\n\`\`\`json\n{"major_flaws": [], "headline_claim_supported": ${supported}}\n\`\`\``;
    expect(grade(contentOf("critique-flawed-paper"), answer(false))[0].passed).toBe(true);
    expect(grade(contentOf("critique-flawed-paper"), answer(true))[0].passed).toBe(false);
    expect(grade(contentOf("critique-sound-control"), answer(true))[0].passed).toBe(true);
  });

  it("checks the design's headings and its word limit", () => {
    const content = contentOf("design-experiment");
    const headings =
      "Hypothesis\nConditions\nPrimary metric\nSample size\nThreats to validity\nDecision rule\nCompute\n";
    expect(grade(content, headings).map((o) => o.passed)).toEqual([true, true]);
    const tooLong = `${headings}${"word ".repeat(1_200)}`;
    expect(grade(content, tooLong).map((o) => o.passed)).toEqual([true, false]);
  });
});
