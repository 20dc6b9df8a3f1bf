import { describe, expect, it } from "vitest";
import { TEMPLATES } from "../templates";
import { formatTaskRows, parseCsvTasks, parseJsonlTasks } from "./task-rows";

const contractBody = {
  key: "gov-1",
  title: "Notification rule",
  prompt: "Count the covered runs.",
  answerKey: "6",
  giveUp: { allowed: true, instructions: "Say GIVE UP if the data is missing." },
  scoring: { mode: "threshold", threshold: 0.5 },
  criteria: [
    {
      key: "count",
      title: "Counts runs",
      description: "Exactly 6",
      weight: 1,
      requirements: ["Count the covered runs."],
    },
  ],
};

describe("JSONL tasks", () => {
  it("imports valid lines and reports each bad one with row, field and message", () => {
    const text = [
      JSON.stringify(contractBody),
      "",
      "{not json",
      JSON.stringify({ ...contractBody, key: "bad key", scoring: { mode: "threshold", threshold: 2 } }),
      JSON.stringify([1, 2]),
      JSON.stringify({ ...contractBody, key: "gov-2", criteria: [{ key: "c", title: "" }] }),
    ].join("\n");
    const { rows, errors } = parseJsonlTasks(text);
    expect(rows.map((r) => [r.row, r.task.key, r.task.giveUp.allowed])).toEqual([[1, "gov-1", true]]);
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [3, "(row)"],
      [4, "key"],
      [4, "scoring.threshold"],
      [5, "(row)"],
      [6, "criteria[0].title"],
    ]);
    expect(errors[0].message).toMatch(/^Not valid JSON/);
  });
});

describe("CSV tasks", () => {
  it("reads typed columns and JSON cells, and names the column in errors", () => {
    const text = [
      "key,title,prompt,answer_key,give_up_allowed,scoring_mode,scoring_threshold,tags,time_budget_minutes,criteria",
      `t1,First,"Write, then stop.",42,yes,threshold,0.8,"a; b",30,"[{""key"":""k"",""title"":""K""}]"`,
      "t2,Second,,,maybe,continuous,,,,",
      "t3,Third,,,no,threshold,,,abc,",
      "t4,,,,no,continuous,,,,[]",
      "t5,Fifth",
    ].join("\n");
    const { rows, errors } = parseCsvTasks(text);
    expect(rows).toHaveLength(1);
    expect(rows[0].task).toMatchObject({
      key: "t1",
      prompt: "Write, then stop.",
      answerKey: "42",
      giveUp: { allowed: true },
      scoring: { mode: "threshold", threshold: 0.8 },
      tags: ["a", "b"],
      timeBudgetMinutes: 30,
      criteria: [{ key: "k", title: "K", weight: 1, type: "binary" }],
    });
    expect(errors).toEqual([
      { row: 2, field: "give_up_allowed", message: '"maybe" is not true or false.' },
      { row: 3, field: "time_budget_minutes", message: '"abc" is not a number.' },
      { row: 4, field: "title", message: "Give the task a title." },
      { row: 5, field: "(row)", message: "Has 2 fields; the header has 10." },
    ]);
  });

  it("refuses a file without the key column", () => {
    expect(parseCsvTasks("title\nX\n").errors).toEqual([
      { row: 0, field: "key", message: "The header has no such column." },
    ]);
  });
});

describe("export and import round trip", () => {
  it.each(["jsonl", "csv"] as const)("gives back every template as it was (%s)", (format) => {
    const tasks = TEMPLATES.map((t) => t.task);
    const text = formatTaskRows(tasks, format);
    const parsed = format === "csv" ? parseCsvTasks(text) : parseJsonlTasks(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((r) => r.task.key)).toEqual(tasks.map((t) => t.key));
    const again = formatTaskRows(
      parsed.rows.map((r) => r.task),
      format,
    );
    const reparsed = format === "csv" ? parseCsvTasks(again) : parseJsonlTasks(again);
    expect(reparsed.rows.map((r) => r.task)).toEqual(parsed.rows.map((r) => r.task));
    const governance = parsed.rows.find((r) => r.task.key === "governance-impact")!.task;
    expect(governance.checks.map((c) => c.key)).toEqual([
      "runs-covered",
      "without-commitments",
      "new-evaluations",
    ]);
    expect(governance.resources.map((r) => r.name)).toEqual(["policy-brief.md", "training-runs.csv"]);
  });
});
