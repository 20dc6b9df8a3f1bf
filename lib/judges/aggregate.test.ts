import { describe, expect, it } from "vitest";
import { aggregatePanel, type MemberOutcome } from "./aggregate";
import type { JudgeCriterion } from "./judge-prompt";

const base = { title: "t", description: "", weight: 1, passExamples: [], failExamples: [] };
const binary: JudgeCriterion = { ...base, key: "b", type: "binary", scaleMax: null };
const scale: JudgeCriterion = { ...base, key: "s", type: "scale", scaleMax: 4 };

const vote = (provider: string, score: number | null): MemberOutcome => ({
  provider,
  model: `${provider}-model`,
  outcome:
    score === null
      ? { key: "x", status: "unevaluable", problem: "The answer is not JSON." }
      : {
          key: "x",
          status: "scored",
          score,
          verdict: null,
          reason: `${provider} says ${score}`,
          evidence: [],
        },
});

describe("aggregatePanel", () => {
  it("takes the majority for binary criteria, with the minority share as disagreement", () => {
    const result = aggregatePanel(binary, [vote("a", 1), vote("b", 1), vote("c", 0)]);
    expect(result).toMatchObject({ status: "scored", score: 1, verdict: "met", reason: "a says 1" });
    expect(result.disagreement).toBeCloseTo(1 / 3, 12);
    expect(result.panel).toHaveLength(3);
  });

  it("leaves a tie unevaluable rather than guessing", () => {
    expect(aggregatePanel(binary, [vote("a", 1), vote("b", 0)])).toMatchObject({
      status: "unevaluable",
      score: null,
      disagreement: 0.5,
    });
  });

  it("averages scales, with the spread as disagreement, and ignores unevaluable members", () => {
    const result = aggregatePanel(scale, [vote("a", 4), vote("b", 2), vote("c", null)]);
    expect(result).toMatchObject({ status: "scored", score: 3, disagreement: 0.5 });
  });

  it("is unevaluable when no member could be read, and a single judge has no disagreement", () => {
    expect(aggregatePanel(binary, [vote("a", null)])).toMatchObject({
      status: "unevaluable",
      score: null,
      panel: null,
    });
    expect(aggregatePanel(binary, [vote("a", 0)])).toMatchObject({
      score: 0,
      disagreement: null,
      panel: null,
    });
  });
});
