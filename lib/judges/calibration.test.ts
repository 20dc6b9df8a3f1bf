import { describe, expect, it } from "vitest";
import { assignSet, buildCalibrationReport, type CalibrationItem, computeAgreement } from "./calibration";

const ENV = "env-1";

function item(rolloutId: string, human: number, judge: number | null, criterionKey = "c"): CalibrationItem {
  return { rolloutId, criterionKey, type: "binary", scaleMax: null, human, judge, isJudged: true };
}

/** Rollout ids that fall in the wanted set, deterministically. */
function idsIn(set: "dev" | "held-out", count: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) if (assignSet(ENV, `r${i}`) === set) out.push(`r${i}`);
  return out;
}

describe("computeAgreement", () => {
  it("gives kappa, accuracy, precision and recall for met, and a confusion matrix with rollouts", () => {
    // human met/judge met 20, met/not 5, not/met 10, not/not 15 → κ = 0.4 (see kappa-interval.test.ts).
    const items = [
      ...Array.from({ length: 20 }, (_, i) => item(`a${i}`, 1, 1)),
      ...Array.from({ length: 5 }, (_, i) => item(`b${i}`, 1, 0)),
      ...Array.from({ length: 10 }, (_, i) => item(`c${i}`, 0, 1)),
      ...Array.from({ length: 15 }, (_, i) => item(`d${i}`, 0, 0)),
    ];
    const figures = computeAgreement(items);
    expect(figures.n).toBe(50);
    expect(figures.kappa.kappa).toBeCloseTo(0.4, 12);
    expect(figures.kappa.lower).toBeCloseTo(0.4 - 1.96 * Math.sqrt(0.016128), 10);
    expect(figures.accuracy.estimate).toBeCloseTo(0.7, 12);
    expect(figures.precisionMet.estimate).toBeCloseTo(20 / 30, 12);
    expect(figures.recallMet.estimate).toBeCloseTo(20 / 25, 12);
    expect(figures.confusion.counts.met["not-met"]).toBe(5);
    expect(figures.confusion.refs["not-met"].met).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`));
  });

  it("counts an unevaluable judgment as a disagreement, not as a 0", () => {
    const figures = computeAgreement([item("x", 0, null), item("y", 0, 0)]);
    expect(figures.unevaluable).toBe(1);
    expect(figures.accuracy.estimate).toBe(0.5);
    expect(figures.confusion.counts["not-met"].unevaluable).toBe(1);
  });
});

describe("the calibration gate", () => {
  it("splits rollouts stably, the same for every version", () => {
    expect(assignSet(ENV, "rollout-a")).toBe(assignSet(ENV, "rollout-a"));
    const sets = Array.from({ length: 400 }, (_, i) => assignSet(ENV, `r${i}`));
    const heldOut = sets.filter((s) => s === "held-out").length;
    expect(heldOut).toBeGreaterThan(160);
    expect(heldOut).toBeLessThan(240);
  });

  it("passes a judge that agrees on enough held-out rollouts", () => {
    const held = idsIn("held-out", 40);
    const items = held.map((id, i) => item(id, i % 2, i % 2));
    const report = buildCalibrationReport({ environmentId: ENV, items });
    expect(report.heldOut.overall.rollouts).toBe(40);
    expect(report.isPassed).toBe(true);
    expect(report.reasons).toEqual([]);
  });

  it("refuses too few held-out rollouts even with perfect agreement", () => {
    const items = idsIn("held-out", 29).map((id, i) => item(id, i % 2, i % 2));
    const report = buildCalibrationReport({ environmentId: ENV, items });
    expect(report.isPassed).toBe(false);
    expect(report.reasons.join(" ")).toMatch(/29 rollouts .* needs 30/);
  });

  it("refuses a kappa lower bound below the bar, and honours the owner's bar", () => {
    // 40 held-out rollouts, judge wrong on 8: κ = 0.6, lower bound well under 0.6.
    const items = idsIn("held-out", 40).map((id, i) => item(id, i % 2, i < 8 ? 1 - (i % 2) : i % 2));
    const report = buildCalibrationReport({ environmentId: ENV, items });
    expect(report.heldOut.overall.kappa.kappa).toBeCloseTo(0.6, 12);
    expect(report.isPassed).toBe(false);
    expect(report.reasons.join(" ")).toMatch(/lower bound is 0\.\d\d; the bar is 0\.60/);
    expect(
      buildCalibrationReport({ environmentId: ENV, items, bar: { minKappaLower: 0.3, minHeldOut: 30 } })
        .isPassed,
    ).toBe(true);
  });

  it("refuses while labelled items are still unjudged, and ignores dev items for the gate", () => {
    const held = idsIn("held-out", 30).map((id, i) => item(id, i % 2, i % 2));
    const dev = idsIn("dev", 30).map((id, i) => item(id, i % 2, 1 - (i % 2)));
    const withDev = buildCalibrationReport({ environmentId: ENV, items: [...held, ...dev] });
    expect(withDev.isPassed).toBe(true);
    expect(withDev.dev.overall.kappa.kappa).toBe(-1);
    const pending = [...held, { ...item("zzz", 1, null), isJudged: false }];
    expect(buildCalibrationReport({ environmentId: ENV, items: pending }).isPassed).toBe(false);
  });
});
