import { describe, expect, it } from "vitest";
import { numberToleranceConfig } from "./check-schemas";
import { evaluateNumberTolerance, parseNumbers } from "./number-tolerance";

const config = (over: object) => numberToleranceConfig.parse({ expected: 0.38, tolerance: 0.02, ...over });

describe("parseNumbers", () => {
  it("reads signs, separators, decimals and exponents", () => {
    expect(parseNumbers("−3 and +4.5, 1,234,567.25 then 2e-3 and .5")).toEqual([
      -3, 4.5, 1234567.25, 0.002, 0.5,
    ]);
  });
});

describe("evaluateNumberTolerance", () => {
  it("takes the last number of the response", () => {
    expect(evaluateNumberTolerance(config({}), "Seeds 1 and 2 gave 0.31; the mean is 0.39").passed).toBe(
      true,
    );
    expect(evaluateNumberTolerance(config({}), "The mean is 0.39, from 3 seeds").passed).toBe(false);
  });

  it("treats the tolerance as inclusive, with float slack", () => {
    expect(
      evaluateNumberTolerance(config({ expected: 0.3, tolerance: 0 }), "0.30000000000000004").passed,
    ).toBe(true);
    expect(evaluateNumberTolerance(config({ expected: 10, tolerance: 2 }), "12").passed).toBe(true);
    expect(evaluateNumberTolerance(config({ expected: 10, tolerance: 2 }), "12.01").passed).toBe(false);
  });

  it("supports a relative tolerance", () => {
    const relative = config({ expected: 412, tolerance: 0.05, relative: true });
    expect(evaluateNumberTolerance(relative, "about 430 incidents").passed).toBe(true);
    const off = evaluateNumberTolerance(relative, "about 440 incidents");
    expect(off).toEqual({ passed: false, score: 0, detail: "440 is off by 28; expected 412 ±5%." });
  });

  it("uses the extraction pattern to pick the number", () => {
    const picked = config({ expected: 72, tolerance: 0, extract: "deadline[^0-9]*(\\d+)" });
    expect(evaluateNumberTolerance(picked, "The deadline is 72 hours, fines up to 2%").passed).toBe(true);
  });

  it("fails when no number is present", () => {
    expect(evaluateNumberTolerance(config({}), "roughly a third")).toEqual({
      passed: false,
      score: 0,
      detail: "No number found in the response.",
    });
  });
});
