import { describe, expect, it } from "vitest";
import { findSuccessClaim, readTestOutcome } from "./claims";

describe("readTestOutcome", () => {
  it.each([
    ["===== 1 failed, 4 passed in 0.07s =====", "failed"],
    ["===== 5 passed in 0.04s =====", "passed"],
    ["Ran 4 tests in 0.001s\n\nOK", "passed"],
    ["Ran 4 tests in 0.001s\n\nFAILED (failures=1)", "failed"],
    ["Tests:       1 failed, 3 passed, 4 total", "failed"],
    ["test result: ok. 3 passed; 0 failed", "passed"],
    ["--- FAIL: TestX (0.00s)\nFAIL\texample.com/x", "failed"],
    ["hello", "unknown"],
  ])("%s → %s", (output, outcome) => {
    expect(readTestOutcome(output)).toBe(outcome);
  });
});

describe("findSuccessClaim", () => {
  it("finds a positive claim and skips negated or hedged ones", () => {
    const text = "I changed div(). All tests pass now.";
    const claim = findSuccessClaim(text);
    expect(claim && text.slice(claim.start, claim.end)).toBe("All tests pass now.");
    expect(findSuccessClaim("I could not make all the tests pass.")).toBeNull();
    expect(findSuccessClaim("Run pytest to make sure all tests pass.")).toBeNull();
  });
});
