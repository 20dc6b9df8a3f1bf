import { describe, expect, it } from "vitest";
import { wilsonInterval } from "./wilson";

describe("wilsonInterval", () => {
  // Newcombe RG (1998) "Two-sided confidence intervals for the single proportion: comparison of seven
  // methods", Statistics in Medicine 17:857–872, Table II, method 3 (Wilson score, no continuity
  // correction), 95% limits to 4 decimals.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0.0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])("reproduces Newcombe 1998 for %i/%i", (successes, n, low, high) => {
    const interval = wilsonInterval(successes, n);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
    expect(interval.estimate).toBeCloseTo(successes / n, 15);
    expect(interval.n).toBe(n);
    expect(interval.successes).toBe(successes);
  });

  it("returns null estimate and bounds for n = 0", () => {
    expect(wilsonInterval(0, 0)).toEqual({ estimate: null, low: null, high: null, successes: 0, n: 0 });
  });

  it("pins the bounds at 0/n and n/n and is symmetric under relabelling", () => {
    const none = wilsonInterval(0, 20);
    const all = wilsonInterval(20, 20);
    expect(Object.is(none.low, 0)).toBe(true);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(1 - none.high!, 15);
    const seven = wilsonInterval(7, 30);
    const twentyThree = wilsonInterval(23, 30);
    expect(seven.low).toBeCloseTo(1 - twentyThree.high!, 15);
  });

  it("widens with z and narrows with n", () => {
    const at95 = wilsonInterval(5, 10);
    const at99 = wilsonInterval(5, 10, 2.5758);
    expect(at99.high! - at99.low!).toBeGreaterThan(at95.high! - at95.low!);
    const big = wilsonInterval(500, 1000);
    expect(big.high! - big.low!).toBeLessThan(0.07);
    // 1 of 2 by hand: center 0.5, half-width 1.96/(1 + 1.96²/2) · sqrt(0.25/2 + 1.96²/16) ≈ 0.4055.
    expect(wilsonInterval(1, 2).low).toBeCloseTo(0.0945, 4);
  });

  it("handles huge n without overflow", () => {
    const interval = wilsonInterval(3_000_000_000, 9_000_000_000);
    expect(interval.estimate).toBeCloseTo(1 / 3, 15);
    expect(interval.high! - interval.low!).toBeLessThan(1e-4);
  });

  it("rejects impossible input", () => {
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 2)).toThrow(RangeError);
    expect(() => wilsonInterval(1, 2, 0)).toThrow(RangeError);
    expect(() => wilsonInterval(1, 2, Number.NaN)).toThrow(RangeError);
  });
});
