import { describe, expect, it } from "vitest";
import { EVAL_ANALYSIS_PROMPT, FORECAST_PROMPT } from "./__fixtures__/prompts";
import { isDistinctive, listKeyCandidates } from "./answer-key-candidates";
import { findLeaks } from "./find-leaks";

const leaksIn = (answerKey: string, text: string, label = "paper.md") =>
  findLeaks({ answerKey, targets: [{ label, text }] });

const filler = (n: number) => "The committee met and discussed the annual budget at length. ".repeat(n);

describe("answer-key candidates", () => {
  it("takes the key, lines, label values, parts and numbers, skipping questions", () => {
    const candidates = listKeyCandidates("Q1: 412 incidents; Helix Labs\nWhy did it drop?\n- 3.4 days");
    expect(candidates.map((c) => c.needle).sort()).toEqual(
      [
        "q1: 412 incidents; helix labs\nwhy did it drop?\n- 3.4 days",
        "412 incidents; helix labs",
        "412 incidents",
        "helix labs",
        "3.4 days",
        "412",
        "3.4",
      ]
        .map((s) => s.replace(/\s+/g, " "))
        .sort(),
    );
  });

  it("judges distinctiveness", () => {
    expect(isDistinctive("42")).toBe(false);
    expect(isDistinctive("412")).toBe(true);
    expect(isDistinctive("0.5")).toBe(true);
    expect(isDistinctive("2024")).toBe(false);
    expect(isDistinctive("b")).toBe(false);
    expect(isDistinctive("yes")).toBe(false);
    expect(isDistinctive("increase")).toBe(false);
    expect(isDistinctive("chinchilla")).toBe(true);
    expect(isDistinctive("it does not")).toBe(false);
    expect(isDistinctive("helix labs")).toBe(true);
  });

  it("reads JSON keys by their leaf values", () => {
    const needles = listKeyCandidates('{"overall": 0.412, "by_category": {"cyber": 0.5}}').map(
      (c) => c.needle,
    );
    expect(needles).toContain("0.412");
    expect(needles).toContain("0.5");
    expect(needles).not.toContain("cyber");
    expect(needles).not.toContain("overall");
    expect(needles).toHaveLength(3);
  });
});

describe("findLeaks", () => {
  it("finds a distinctive number in a resource at the right offsets", () => {
    const text = `${filler(3)}The median delay fell by 3.4 days after the mandate.`;
    const leaks = leaksIn("3.4", text);
    expect(leaks).toHaveLength(1);
    expect(leaks[0]).toMatchObject({ label: "paper.md", kind: "text", occurrences: 1 });
    expect(leaks[0].start).toBe(text.indexOf("3.4"));
    expect(text.slice(leaks[0].start, leaks[0].end)).toBe("3.4");
  });

  it("ignores case, spacing and markup, and maps offsets back to the original text", () => {
    const text = "Intro.\n\nIn 2024 **HELIX   labs**\nchanged its policy most.";
    const [leak] = leaksIn("Helix Labs changed its policy most", text);
    expect(leak.kind).toBe("text");
    expect(text.slice(leak.start, leak.end)).toBe("HELIX   labs**\nchanged its policy most");
  });

  it("does not match numbers inside other numbers", () => {
    expect(leaksIn("0.42", "Values: 10.425, 0.421 and 1.042.")).toEqual([]);
    const [leak] = leaksIn("0.42", "The rate was 0.42.");
    expect(leak.start).toBe(13);
  });

  it("matches numbers written with or without thousands separators", () => {
    expect(leaksIn("1500", "About 1,500 incidents.")).toHaveLength(1);
    expect(leaksIn("1,500", "About 1500 incidents.")).toHaveLength(1);
  });

  it("does not flag a short key on every occurrence, only where it is stated as the answer", () => {
    const long = `${filler(200)} Table 42 lists 42 items. `.repeat(3);
    expect(leaksIn("42", long)).toEqual([]);
    const stated = `${long}In short, the final answer is **42**.`;
    const [leak] = leaksIn("42", stated);
    expect(leak.kind).toBe("statement");
    expect(leak.start).toBe(stated.lastIndexOf("42"));
    expect(leaksIn("B", "We prefer plan B.")).toEqual([]);
    expect(leaksIn("B", "Correct option: B")).toHaveLength(1);
  });

  it("counts every occurrence and reports the first", () => {
    const text = "Chinchilla was trained... later Chinchilla again; chinchilla.";
    const [leak] = leaksIn("Chinchilla", text);
    expect(leak.occurrences).toBe(3);
    expect(leak.start).toBe(0);
  });

  it("finds long runs of shared words, with stopwords normalized", () => {
    const key =
      "The mandate cut the median disclosure delay because developers set up dedicated incident response teams in early 2025.";
    const text = `${filler(2)}Analysts agree a mandate cut a median disclosure delay because developers set up dedicated incident teams.`;
    const leaks = leaksIn(key, text);
    expect(leaks).toHaveLength(1);
    expect(leaks[0].kind).toBe("run");
    expect(leaks[0].words).toBe(13);
    expect(text.slice(leaks[0].start, leaks[0].end)).toBe(
      "a mandate cut a median disclosure delay because developers set up dedicated incident",
    );
    expect(leaksIn(key, "The mandate cut the median disclosure delay.")).toEqual([]);
  });

  it("finds the example output in the prompt leaking a JSON answer key", () => {
    const leaks = findLeaks({
      answerKey: '{"overall": 0.412, "by_category": {"cyber": 0.5, "bio": 0.38}}',
      targets: [{ label: "prompt", text: EVAL_ANALYSIS_PROMPT }],
    });
    expect(leaks.map((l) => l.display)).toEqual(["0.412", "0.5"]);
    expect(EVAL_ANALYSIS_PROMPT.slice(leaks[0].start, leaks[0].end)).toBe("0.412");
  });

  it("does not count a key that restates the question", () => {
    const key = "How many models released before 2025 crossed the threshold? 4";
    expect(findLeaks({ answerKey: key, targets: [{ label: "prompt", text: FORECAST_PROMPT }] })).toEqual([]);
  });

  it("checks every target and gives stable, place-specific ids", () => {
    const targets = [
      { label: "a.md", text: "Result: 3.4 days." },
      { label: "b.md", text: "Nothing here." },
      { label: "c.md", text: "Also 3.4." },
    ];
    const first = findLeaks({ answerKey: "3.4", targets });
    const second = findLeaks({ answerKey: "3.4", targets });
    expect(first.map((l) => l.label)).toEqual(["a.md", "c.md"]);
    expect(second.map((l) => l.id)).toEqual(first.map((l) => l.id));
    expect(first[0].id).not.toBe(first[1].id);
    expect(findLeaks({ answerKey: "", targets })).toEqual([]);
  });
});
