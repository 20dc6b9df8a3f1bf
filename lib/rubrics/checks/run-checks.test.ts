import { describe, expect, it } from "vitest";
import { type Check, checkInput } from "./check-schemas";
import { runCheck, scoreOutcomes } from "./run-checks";

const checks: Check[] = [
  checkInput.parse({
    key: "verdict",
    kind: "exact-match",
    weight: 2,
    config: { expected: "refuted", extract: "VERDICT: (\\w+)" },
  }),
  checkInput.parse({
    key: "flaws",
    kind: "contains-all",
    weight: 1,
    config: { items: ["confound", "leakage"] },
  }),
  checkInput.parse({ key: "n", kind: "number-tolerance", weight: 1, config: { expected: 12, tolerance: 1 } }),
];

describe("runCheck and scoreOutcomes", () => {
  it("runs each kind and weights the total", () => {
    const response = "There is a confound in the design. VERDICT: refuted. We needed 14 runs";
    const outcomes = checks.map((c) => runCheck(c, response));
    expect(outcomes.map((o) => [o.key, o.passed, o.score])).toEqual([
      ["verdict", true, 1],
      ["flaws", false, 0.5],
      ["n", false, 0],
    ]);
    // (2·1 + 1·0.5 + 1·0) / 4
    expect(scoreOutcomes(outcomes)).toBeCloseTo(0.625, 10);
  });

  it("returns null without weight, and never throws on odd input", () => {
    expect(scoreOutcomes([])).toBeNull();
    expect(scoreOutcomes([{ score: 1, weight: 0 }])).toBeNull();
    expect(runCheck(checks[0], "").passed).toBe(false);
  });
});
