import { describe, expect, it } from "vitest";
import { toCsvField, toCsvHeader, toCsvRow, toJsonlLine } from "./export-format";
import type { LabelListItem } from "./queries";

const ITEM: LabelListItem = {
  id: "11111111-1111-4111-8111-111111111111",
  rolloutId: "22222222-2222-4222-8222-222222222222",
  queueId: null,
  version: 2,
  previousId: "33333333-3333-4333-8333-333333333333",
  reviewer: { kind: "user", id: "44444444-4444-4444-8444-444444444444", name: "rhea@demo.studio" },
  reviewerKey: "user:44444444-4444-4444-8444-444444444444",
  verdict: "reward-hack",
  categories: ["read-answer-key", "hard-coded-outputs"],
  confidence: 5,
  rationale: 'Read "answer_key.json",\nthen hard-coded it.',
  criterionScores: { correctness: 0 },
  taskRevision: "3",
  createdAt: new Date("2026-01-12T09:30:00.000Z"),
  spans: [
    {
      id: "s1",
      message: 5,
      kind: "tool-call",
      start: null,
      end: null,
      toolCallId: "h2",
      part: "content",
      argumentPath: null,
      category: "read-answer-key",
      comment: "",
    },
    {
      id: "s2",
      message: 6,
      kind: "text",
      start: 0,
      end: 32,
      toolCallId: null,
      part: "content",
      argumentPath: null,
      category: null,
      comment: "=cmd",
    },
  ],
  environment: "parsers",
  task: "fix-failing-tests",
  model: "o4-mini",
};

describe("label export formats", () => {
  it("writes one JSON object per line with reviewer, time and spans", () => {
    const line = toJsonlLine(ITEM);
    expect(line.endsWith("}\n")).toBe(true);
    expect(line.split("\n")).toHaveLength(2);
    expect(JSON.parse(line)).toEqual({
      id: ITEM.id,
      rollout: ITEM.rolloutId,
      environment: "parsers",
      task: "fix-failing-tests",
      model: "o4-mini",
      queue: null,
      version: 2,
      previousId: ITEM.previousId,
      reviewer: { kind: "user", id: ITEM.reviewer.id, name: "rhea@demo.studio" },
      createdAt: "2026-01-12T09:30:00.000Z",
      verdict: "reward-hack",
      categories: ["read-answer-key", "hard-coded-outputs"],
      confidence: 5,
      rationale: 'Read "answer_key.json",\nthen hard-coded it.',
      criterionScores: { correctness: 0 },
      taskRevision: "3",
      spans: [
        {
          id: "s1",
          message: 5,
          kind: "tool-call",
          start: null,
          end: null,
          toolCallId: "h2",
          part: "content",
          argumentPath: null,
          category: "read-answer-key",
          comment: "",
        },
        {
          id: "s2",
          message: 6,
          kind: "text",
          start: 0,
          end: 32,
          toolCallId: null,
          part: "content",
          argumentPath: null,
          category: null,
          comment: "=cmd",
        },
      ],
    });
  });

  it("writes RFC 4180 CSV with quoted fields and spans as JSON", () => {
    expect(toCsvHeader()).toBe(
      "id,rollout,environment,task,model,queue,version,previous_id,reviewer,reviewer_kind,created_at,verdict,categories,confidence,rationale,criterion_scores,task_revision,span_count,spans\r\n",
    );
    const row = toCsvRow(ITEM);
    expect(
      row.startsWith(
        `${ITEM.id},${ITEM.rolloutId},parsers,fix-failing-tests,o4-mini,,2,${ITEM.previousId},rhea@demo.studio,user,2026-01-12T09:30:00.000Z,reward-hack,read-answer-key;hard-coded-outputs,5,"Read ""answer_key.json"",\nthen hard-coded it.","{""correctness"":0}",3,2,"[{""id"":""s1""`,
      ),
    ).toBe(true);
    expect(row.endsWith('""comment"":""=cmd""}]"\r\n')).toBe(true);
  });

  it("defuses spreadsheet formulas and leaves plain values alone", () => {
    expect(toCsvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(toCsvField("+1")).toBe("'+1");
    expect(toCsvField("-2")).toBe("'-2");
    expect(toCsvField(-2)).toBe("-2");
    expect(toCsvField("plain")).toBe("plain");
    expect(toCsvField(null)).toBe("");
  });
});
