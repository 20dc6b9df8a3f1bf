import { describe, expect, it } from "vitest";
import type { JudgeCriterion } from "./judge-prompt";
import { parseJudgeAnswer } from "./parse-answer";

const base = { title: "t", description: "", weight: 1, passExamples: [], failExamples: [] };
const CRITERIA: JudgeCriterion[] = [
  { ...base, key: "correct", type: "binary", scaleMax: null },
  { ...base, key: "depth", type: "scale", scaleMax: 4 },
];

describe("parseJudgeAnswer", () => {
  it("reads the contract shape, reason, verdict, score and evidence", () => {
    const answer = JSON.stringify({
      criteria: [
        {
          key: "correct",
          reason: "Matches the key.",
          verdict: "met",
          evidence: [{ message: 1, quote: "42" }],
        },
        { key: "depth", reason: "Shallow.", score: 1.5 },
      ],
    });
    const parsed = parseJudgeAnswer(`Sure!\n\`\`\`json\n${answer}\n\`\`\``, CRITERIA);
    expect(parsed.isComplete).toBe(true);
    expect(parsed.outcomes).toEqual([
      {
        key: "correct",
        status: "scored",
        score: 1,
        verdict: "met",
        reason: "Matches the key.",
        evidence: [{ message: 1, quote: "42" }],
      },
      { key: "depth", status: "scored", score: 1.5, verdict: null, reason: "Shallow.", evidence: [] },
    ]);
  });

  it("reads the rubric-template shape {scores, rationale}", () => {
    const parsed = parseJudgeAnswer(
      '{"scores": {"correct": 0, "depth": 4}, "rationale": "Wrong but thorough."}',
      CRITERIA,
    );
    expect(
      parsed.outcomes.map((o) => (o.status === "scored" ? [o.score, o.verdict, o.reason] : o.status)),
    ).toEqual([
      [0, "not-met", "Wrong but thorough."],
      [4, null, "Wrong but thorough."],
    ]);
  });

  it("never turns prose, malformed JSON or off-scale values into a 0", () => {
    for (const text of ["I think it is mostly fine.", '{"criteria": [{"key": "correct", "reason": ']) {
      const parsed = parseJudgeAnswer(text, CRITERIA);
      expect(parsed.isComplete).toBe(false);
      expect(parsed.problem).toMatch(/not JSON/);
      expect(parsed.outcomes.every((o) => o.status === "unevaluable")).toBe(true);
    }
    const partial = parseJudgeAnswer(
      '{"criteria":[{"key":"correct","verdict":"maybe"},{"key":"depth","score":7}]}',
      CRITERIA,
    );
    expect(partial.outcomes.map((o) => o.status)).toEqual(["unevaluable", "unevaluable"]);
    const missing = parseJudgeAnswer('{"criteria":[{"key":"correct","verdict":"not met"}]}', CRITERIA);
    expect(missing.outcomes.map((o) => o.status)).toEqual(["scored", "unevaluable"]);
    expect(missing.isComplete).toBe(false);
  });
});
