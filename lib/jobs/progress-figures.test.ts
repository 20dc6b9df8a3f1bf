import { describe, expect, it } from "vitest";
import { computeProgressFigures, formatDuration } from "./progress-figures";

const start = Date.parse("2026-01-01T00:00:00Z");
const base = {
  status: "running" as const,
  total: 100,
  done: 0,
  failed: 0,
  fraction: null,
  startedAt: new Date(start).toISOString(),
  finishedAt: null,
};

describe("computeProgressFigures", () => {
  it("derives fraction, rate and time left from counts", () => {
    const figures = computeProgressFigures({ ...base, done: 20, failed: 5 }, start + 10_000);
    expect(figures.fraction).toBe(0.25);
    expect(figures.itemsPerSecond).toBe(2.5);
    expect(figures.secondsLeft).toBe(30);
  });

  it("uses the fraction when the total is unknown", () => {
    const figures = computeProgressFigures({ ...base, total: null, done: 7, fraction: 0.5 }, start + 20_000);
    expect(figures.fraction).toBe(0.5);
    expect(figures.secondsLeft).toBe(20);
  });

  it("knows nothing before a job starts or when nothing measures it", () => {
    expect(computeProgressFigures({ ...base, status: "queued", startedAt: null }, start)).toEqual({
      fraction: 0,
      itemsPerSecond: null,
      secondsLeft: null,
    });
    expect(computeProgressFigures({ ...base, total: null }, start + 5_000).fraction).toBeNull();
  });

  it("shows a finished job as whole, with its overall rate and no time left", () => {
    const figures = computeProgressFigures(
      { ...base, status: "succeeded", done: 100, finishedAt: new Date(start + 50_000).toISOString() },
      start + 999_000,
    );
    expect(figures).toEqual({ fraction: 1, itemsPerSecond: 2, secondsLeft: null });
  });
});

describe("formatDuration", () => {
  it("reads like a person would say it", () => {
    expect(formatDuration(0.2)).toBe("1 s");
    expect(formatDuration(42)).toBe("42 s");
    expect(formatDuration(180)).toBe("3 min");
    expect(formatDuration(3900)).toBe("1 h 5 min");
  });
});
