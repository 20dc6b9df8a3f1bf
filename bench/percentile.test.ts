import { describe, expect, it } from "vitest";
import { median, percentile } from "./percentile";

describe("percentile", () => {
  it("takes the nearest rank of the sorted values, whatever their order", () => {
    const oneToHundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(oneToHundred, 50)).toBe(51);
    expect(percentile(oneToHundred, 95)).toBe(96);
    expect(percentile(oneToHundred, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it("leaves the values as they were, and a median of an even count is the upper middle one", () => {
    const values = [4, 1, 3, 2];
    expect(median(values)).toBe(3);
    expect(values).toEqual([4, 1, 3, 2]);
  });
});
