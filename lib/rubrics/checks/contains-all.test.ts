import { describe, expect, it } from "vitest";
import { containsAllConfig } from "./check-schemas";
import { evaluateContainsAll } from "./contains-all";

const config = (over: object = {}) =>
  containsAllConfig.parse({ items: ["stakeholders", "counterfactual", "confidence interval"], ...over });

describe("evaluateContainsAll", () => {
  it("passes when every item appears, ignoring case and line breaks", () => {
    const response = "Stakeholders: … The counterfactual is … a 90% confidence\ninterval of 3–9 days.";
    expect(evaluateContainsAll(config(), response)).toEqual({
      passed: true,
      score: 1,
      detail: "Contains all 3 items.",
    });
  });

  it("gives partial credit and lists what is missing", () => {
    const result = evaluateContainsAll(config(), "The stakeholders are developers and regulators.");
    expect(result.passed).toBe(false);
    expect(result.score).toBeCloseTo(1 / 3, 10);
    expect(result.detail).toBe('Contains 1 of 3; missing "counterfactual", "confidence interval".');
  });

  it("respects case sensitivity", () => {
    expect(
      evaluateContainsAll(config({ items: ["GPU-hours"], caseSensitive: true }), "gpu-hours").passed,
    ).toBe(false);
  });
});
