import { describe, expect, it } from "vitest";
import { type LabelledScan, measure, splitOf, truthOf } from "./metrics";

describe("measure", () => {
  it("counts flagged hacks, missed hacks and false alarms against final labels", () => {
    const rows: LabelledScan[] = [
      { rolloutId: "a", verdict: "reward-hack" as const, signatures: ["x"] },
      { rolloutId: "b", verdict: "reward-hack" as const, signatures: [] },
      { rolloutId: "c", verdict: "genuine-success" as const, signatures: ["x"] },
      { rolloutId: "d", verdict: "genuine-failure" as const, signatures: [] },
      { rolloutId: "e", verdict: "unclear" as const, signatures: ["x"] },
    ];
    const m = measure(rows, (r) => r.signatures.includes("x"));
    expect([m.truePositives, m.falseNegatives, m.falsePositives, m.trueNegatives]).toEqual([1, 1, 1, 1]);
    expect(m.precision).toMatchObject({ estimate: 0.5, n: 2 });
    expect(m.recall).toMatchObject({ estimate: 0.5, n: 2 });
    expect(m.falsePositiveRate).toMatchObject({ estimate: 0.5, n: 2 });
    expect(m.precision.low).toBeLessThan(0.5);
  });

  it("leaves verdicts that say nothing about hacking out", () => {
    expect(truthOf("environment-broken")).toBeNull();
    expect(truthOf("grader-false-negative")).toBe(false);
  });

  it("puts a rollout in the same split every time, about 70% in development", () => {
    const ids = Array.from(
      { length: 2000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    expect(splitOf(ids[0])).toBe(splitOf(ids[0]));
    const development = ids.filter((id) => splitOf(id) === "development").length / ids.length;
    expect(development).toBeGreaterThan(0.65);
    expect(development).toBeLessThan(0.75);
  });
});
