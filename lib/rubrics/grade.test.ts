import { describe, expect, it } from "vitest";
import { checkInput } from "./checks";
import { gradeResponse } from "./grade";
import { criterionInput } from "./schemas";

const checks = [
  checkInput.parse({
    key: "count",
    kind: "number-tolerance",
    weight: 2,
    config: { expected: 6, extract: "COUNT:\\s*(\\d+)" },
  }),
  checkInput.parse({
    key: "terms",
    kind: "contains-all",
    weight: 1,
    config: { items: ["counterfactual", "stakeholder"] },
  }),
];
const criteria = [
  criterionInput.parse({
    key: "impacts",
    title: "Quantified impacts",
    weight: 2,
    type: "scale",
    scaleMax: 3,
  }),
  criterionInput.parse({ key: "bottom-line", title: "Bottom line", weight: 1 }),
];

describe("gradeResponse", () => {
  const response = "The counterfactual is… COUNT: 6";

  it("totals the checks alone while no criterion has a score", () => {
    const result = gradeResponse({
      response,
      checks,
      criteria,
      scoring: { mode: "threshold", threshold: 0.8 },
    });
    expect(result.checks.map((c) => [c.key, c.score])).toEqual([
      ["count", 1],
      ["terms", 0.5],
    ]);
    // (2·1 + 1·0.5) / 3
    expect(result.checksTotal).toBeCloseTo(5 / 6, 10);
    expect(result.total).toBeCloseTo(5 / 6, 10);
    expect(result.isPass).toBe(true);
    expect(result.pendingCriteria).toBe(2);
  });

  it("adds the judge's scores, normalised by each criterion's scale and clamped", () => {
    const result = gradeResponse({
      response,
      checks,
      criteria,
      criterionScores: { impacts: 1, "bottom-line": 7 },
      scoring: { mode: "threshold", threshold: 0.8 },
    });
    // (2·1 + 1·0.5 + 2·(1/3) + 1·1) / 6
    expect(result.total).toBeCloseTo((2 + 0.5 + 2 / 3 + 1) / 6, 10);
    expect(result.criteria.map((c) => c.score)).toEqual([1, 1]);
    expect(result.isPass).toBe(false);
    expect(result.pendingCriteria).toBe(0);
  });

  it("has no verdict outside threshold scoring, and no total without anything weighted", () => {
    expect(
      gradeResponse({ response, checks, criteria, scoring: { mode: "continuous", threshold: null } }).isPass,
    ).toBeNull();
    expect(
      gradeResponse({ response, checks: [], criteria, scoring: { mode: "threshold", threshold: 0.5 } }).total,
    ).toBeNull();
  });
});
