import { describe, expect, it } from "vitest";
import {
  CODE_EXPECTED,
  CODE_PROMPT,
  EVAL_ANALYSIS_EXPECTED,
  EVAL_ANALYSIS_PROMPT,
  FINE_TUNE_EXPECTED,
  FINE_TUNE_PROMPT,
  FORECAST_EXPECTED,
  FORECAST_PROMPT,
  FRAMEWORKS_EXPECTED,
  FRAMEWORKS_PROMPT,
  GOVERNANCE_EXPECTED,
  GOVERNANCE_PROMPT,
  REPLICATION_EXPECTED,
  REPLICATION_PROMPT,
} from "./__fixtures__/prompts";
import { extractRequirements, isCodeTask } from "./extract-requirements";

const texts = (prompt: string) => extractRequirements(prompt).map((r) => r.text);
const processTexts = (prompt: string) =>
  extractRequirements(prompt)
    .filter((r) => r.isProcess)
    .map((r) => r.text);

describe("extractRequirements on realistic prompts", () => {
  it.each([
    ["replication experiment design", REPLICATION_PROMPT, REPLICATION_EXPECTED],
    ["governance impact assessment", GOVERNANCE_PROMPT, GOVERNANCE_EXPECTED],
    ["red-team eval analysis", EVAL_ANALYSIS_PROMPT, EVAL_ANALYSIS_EXPECTED],
    ["bf16 fine-tune", FINE_TUNE_PROMPT, FINE_TUNE_EXPECTED],
    ["code harness", CODE_PROMPT, CODE_EXPECTED],
    ["compute-threshold forecast", FORECAST_PROMPT, FORECAST_EXPECTED],
    ["safety-framework comparison", FRAMEWORKS_PROMPT, FRAMEWORKS_EXPECTED],
  ])("%s: flags exactly the sentences that ask something", (_name, prompt, expected) => {
    expect(texts(prompt)).toEqual(expected);
  });

  it("leaves background, permissions, rhetorical questions, quotes and headings alone", () => {
    const found = texts(REPLICATION_PROMPT).join("\n");
    expect(found).not.toContain("Providers must disclose");
    expect(found).not.toContain("Why does this matter");
    expect(found).not.toContain("You may use any public model checkpoints");
    expect(found).not.toContain("within 10 points of 38%");
    expect(found).not.toContain("Replicating a backdoor");
    expect(found).not.toContain("Your write-up should cover:");
  });

  it("leaves environment descriptions, hints and the example JSON alone", () => {
    const found = texts(EVAL_ANALYSIS_PROMPT).join("\n");
    expect(found).not.toContain("You are given 500 transcripts");
    expect(found).not.toContain("You can inspect the files");
    expect(found).not.toContain('"overall": 0.412');
    expect(found).not.toContain("the transcript was never reviewed");
    expect(texts(GOVERNANCE_PROMPT).join("\n")).not.toContain("Keep in mind");
    expect(texts(FRAMEWORKS_PROMPT).join("\n")).not.toContain("reviewed by two experts");
  });

  it("marks process requirements and only those", () => {
    expect(processTexts(REPLICATION_PROMPT)).toEqual(["Think step by step before writing."]);
    expect(processTexts(GOVERNANCE_PROMPT)).toEqual([
      "Use a difference-in-differences approach, with developers outside Veridia's jurisdiction as the comparison group.",
      "Base your answer only on the provided register and the statute text.",
    ]);
    expect(processTexts(EVAL_ANALYSIS_PROMPT)).toEqual([
      "Use pandas to compute the rate per harm category.",
      "Do not use the internet.",
    ]);
    expect(processTexts(FINE_TUNE_PROMPT)).toEqual([
      "Fine-tune the provided 1B model on the dataset in bf16.",
      "Train for exactly 2 epochs with a learning rate of 2e-5.",
    ]);
    // The deliverable is code: numpy and the runtime limit show in it.
    expect(processTexts(CODE_PROMPT)).toEqual([]);
  });

  it("gives a process hint that restates the requirement as an outcome", () => {
    const pandas = extractRequirements(EVAL_ANALYSIS_PROMPT).find((r) => r.text.startsWith("Use pandas"));
    expect(pandas?.processHint).toContain('"Compute the rate per harm category."');
    const bf16 = extractRequirements(FINE_TUNE_PROMPT)[0];
    expect(bf16.processHint).toContain('"Fine-tune the provided 1B model on the dataset."');
    expect(extractRequirements(FINE_TUNE_PROMPT)[2].processHint).toBeUndefined();
  });

  it("reports offsets that slice back to the text", () => {
    for (const prompt of [REPLICATION_PROMPT, GOVERNANCE_PROMPT, EVAL_ANALYSIS_PROMPT, FORECAST_PROMPT]) {
      for (const r of extractRequirements(prompt)) expect(prompt.slice(r.start, r.end)).toBe(r.text);
    }
  });

  it("detects code tasks", () => {
    expect(isCodeTask(CODE_PROMPT)).toBe(true);
    expect(isCodeTask(FINE_TUNE_PROMPT)).toBe(false);
  });
});

describe("requirement ids", () => {
  it("are the same on every recompute and survive edits elsewhere, case and spacing", () => {
    const before = extractRequirements(GOVERNANCE_PROMPT);
    const again = extractRequirements(GOVERNANCE_PROMPT);
    expect(again.map((r) => r.id)).toEqual(before.map((r) => r.id));
    const edited = `Intro line added at the top.\n\n${GOVERNANCE_PROMPT.replace(
      "Your memo must not exceed two pages.",
      "YOUR   memo  must not exceed\ntwo pages.",
    )}`;
    const after = extractRequirements(edited);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after[0].start).toBe(before[0].start + 30);
  });

  it("change when the sentence changes and tell repeated sentences apart", () => {
    const [a] = extractRequirements("Report the mean.");
    const [b] = extractRequirements("Report the median.");
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^req-[0-9a-z]+$/);
    const twice = extractRequirements("Report the mean.\n\nReport the mean.");
    expect(twice.map((r) => r.id)).toEqual([a.id, `${a.id}-2`]);
  });
});

describe("author overrides", () => {
  const prompt = "The board met in May. Report the mean. Keep it friendly.";

  it("unmarks auto requirements by id", () => {
    const auto = extractRequirements(prompt);
    expect(auto.map((r) => r.text)).toEqual(["Report the mean.", "Keep it friendly."]);
    const kept = extractRequirements(prompt, { marked: [], unmarked: [auto[1].id] });
    expect(kept.map((r) => r.text)).toEqual(["Report the mean."]);
  });

  it("adds marked spans as manual requirements, trimmed, replacing overlapped auto ones", () => {
    const start = prompt.indexOf("The board");
    const marked = extractRequirements(prompt, {
      marked: [{ start: start, end: start + 22 }],
      unmarked: [],
    });
    expect(marked.map((r) => [r.text, r.source])).toEqual([
      ["The board met in May.", "manual"],
      ["Report the mean.", "auto"],
      ["Keep it friendly.", "auto"],
    ]);
    const narrowed = extractRequirements(prompt, {
      marked: [{ start: prompt.indexOf("Report"), end: prompt.indexOf("Report") + 15 }],
      unmarked: [],
    });
    expect(narrowed.map((r) => [r.text, r.source])).toEqual([
      ["Report the mean", "manual"],
      ["Keep it friendly.", "auto"],
    ]);
    // Same normalized text, same id: links to the auto requirement keep working.
    expect(narrowed[0].id).toBe(extractRequirements(prompt)[0].id);
  });

  it("ignores empty and out-of-range marks", () => {
    const result = extractRequirements(prompt, {
      marked: [
        { start: 5, end: 5 },
        { start: 500, end: 900 },
      ],
      unmarked: [],
    });
    expect(result).toHaveLength(2);
  });
});
