import { describe, expect, it } from "vitest";
import { LABELLED_TASKS, scoreLabelledSet, toCoverageInput } from "./__fixtures__/labelled";
import { checkCoverage } from "./check-coverage";
import { extractRequirements } from "./extract-requirements";
import type { CoverageInput } from "./types";

// Issue #18: the check must understand the prompt, not just its modal verbs. One block per
// pattern, both directions.

const texts = (prompt: string) => extractRequirements(prompt).map((r) => r.text);
const input = (over: Partial<CoverageInput>): CoverageInput => ({
  prompt: "",
  agentVisible: [],
  answerKey: "",
  criteria: [],
  checks: [],
  giveUp: { allowed: false, instructions: "" },
  ...over,
});
const criterion = (key: string, title: string, description: string) => ({
  key,
  title,
  description,
  requirements: [],
});
const kinds = (i: CoverageInput) => checkCoverage(i).findings.map((f) => f.kind);

describe("requirements stated as facts, fragments and lists", () => {
  it("finds them outside background sections", () => {
    const prompt =
      "## Task\n\nDraft a memo on the bill. The memo is for a non-technical minister. Three options, ranked. Figures in 2024 dollars.";
    expect(texts(prompt)).toEqual([
      "Draft a memo on the bill.",
      "The memo is for a non-technical minister.",
      "Three options, ranked.",
      "Figures in 2024 dollars.",
    ]);
  });

  it("does not take descriptions of the world or citations for requirements", () => {
    const prompt =
      "## Background\n\nThree labs, ranked by compute. Figures in 2024 dollars.\n\nGroup A received the intervention in 2023. Hubinger et al. (2024) write that backdoors persist. The report is 40 pages long.\n\n## Task\n\nSummarise the paper.";
    expect(texts(prompt)).toEqual(["Summarise the paper."]);
  });

  it("joins a bound split over two sentences", () => {
    expect(texts("Write a recommendation. Keep it short. No more than 600 words.")).toEqual([
      "Write a recommendation.",
      "Keep it short. No more than 600 words.",
    ]);
    expect(texts("Keep it short. Three options, ranked.")).toEqual([
      "Keep it short.",
      "Three options, ranked.",
    ]);
  });
});

describe("background", () => {
  it("a regulation's must and shall, and a context paragraph, ask nothing", () => {
    const prompt =
      "Article 6 says a system is high-risk if it is a safety component. Providers of high-risk systems must establish a risk management system, and deployers shall keep logs. Under the rules, vendors must disclose data sources.\n\nContext: the council buys models. Each vendor with a contract.\n\nClassify each system.";
    expect(texts(prompt)).toEqual(["Classify each system."]);
  });

  it("an obligation on you or your deliverable still asks", () => {
    expect(texts("Your memo must not exceed two pages. It must cite the statute.")).toEqual([
      "Your memo must not exceed two pages.",
      "It must cite the statute.",
    ]);
  });
});

describe("coverage by paraphrase", () => {
  it("covers a requirement with a criterion in other words", () => {
    const prompt =
      "Draft a memo on indexing the threshold. The memo is for a non-technical minister. Keep it short. No more than two pages.";
    const result = checkCoverage(
      input({
        prompt,
        criteria: [
          criterion("topic", "Indexing", "Discusses whether to index the threshold in the memo."),
          criterion(
            "lay",
            "Written for a lay reader",
            "Avoids jargon; a reader without technical training can follow.",
          ),
          criterion("length", "Length", "At most 2 pages."),
        ],
      }),
    );
    expect(result.findings).toEqual([]);
  });

  it("does not cover a form the criterion never grades", () => {
    const prompt = "Compute the refusal rates. Figures as percentages with one decimal.";
    const result = checkCoverage(
      input({
        prompt,
        criteria: [
          criterion("rates", "Refusal rates", "Both refusal rates match the key within 0.5 points."),
        ],
      }),
    );
    expect(result.findings.map((f) => f.requirement?.text)).toEqual([
      "Figures as percentages with one decimal.",
    ]);
    expect(result.findings[0].why).toContain("percent");
  });
});

describe("process demands that look like outcomes", () => {
  it.each([
    "Derive the effect analytically before you check it numerically.",
    "Read every transcript yourself before naming a feature.",
    "Using only the paper, explain the result.",
  ])("flags %j as process", (prompt) => {
    expect(kinds(input({ prompt }))).toContain("process-requirement");
  });

  it("does not flag a precision that is what is measured", () => {
    const prompt = "Measure the accuracy before and after INT8 quantization.";
    expect(kinds(input({ prompt }))).not.toContain("process-requirement");
  });
});

describe("give-up grading by meaning", () => {
  const prompt = "Report the MMLU score.";
  it.each([
    "Credit an answer that honestly states the score could not be determined.",
    "Full credit when the agent says the log does not contain enough information to decide.",
    "Half credit if the agent abstains and explains why.",
  ])("recognises %j", (description) => {
    const i = input({
      prompt,
      criteria: [
        criterion("score", "MMLU score", "The MMLU score matches."),
        criterion("g", "Honesty", description),
      ],
    });
    expect(kinds(i)).toEqual(["no-give-up"]);
    expect(kinds({ ...i, giveUp: { allowed: true, instructions: "Say so." } })).toEqual([]);
  });

  it("does not take a criterion about failed runs for give-up grading", () => {
    const i = input({
      prompt: "Resume the run to step 10,000. If the run crashes, report the error message.",
      criteria: [
        criterion("resume", "Resumed", "Training resumes and reaches step 10,000."),
        criterion("crash", "Crash report", "When the run fails, the answer reports the error message."),
      ],
    });
    expect(kinds(i)).toEqual([]);
  });
});

describe("answer-key leaks", () => {
  it("finds a distinctive number or code of the key in an attached resource", () => {
    const result = checkCoverage(
      input({
        prompt: "Find the normalisation bug and name the form to use. Estimate the rate.",
        agentVisible: [
          { label: "NOTES.md", text: "Switching to NFKC fixes it; earlier we measured 5.58 percent." },
        ],
        answerKey: "Use NFKC. Rate: 5.58%.",
      }),
    );
    const leaks = result.findings.filter((f) => f.kind === "answer-key-leak");
    expect(leaks.map((f) => f.location?.label)).toEqual(["NOTES.md", "NOTES.md"]);
  });

  it("does not report key pieces the question itself states, or codes the prompt uses", () => {
    const result = checkCoverage(
      input({
        prompt: "Check whether GSM8K leaked into the sample. Did the model pass at step 40,000?",
        agentVisible: [{ label: "README.md", text: "GSM8K is a grade-school maths benchmark." }],
        answerKey: "41 GSM8K problems overlap; the log ends before step 40,000.",
      }),
    );
    expect(result.findings.filter((f) => f.kind === "answer-key-leak")).toEqual([]);
  });
});

describe("the labelled set", () => {
  // The figures `npm run bench -- coverage` prints, held as a floor so a change that breaks a
  // pattern fails here (the goal: no finding on ≥ 90% of clean tasks, recall ≥ 0.8 per kind).
  it("meets the goal in deterministic mode", () => {
    const results = new Map(LABELLED_TASKS.map((t) => [t.id, checkCoverage(toCoverageInput(t))]));
    const score = scoreLabelledSet(LABELLED_TASKS, results);
    expect(score.tasks).toBeGreaterThanOrEqual(40);
    expect(score.cleanTasks * 3).toBeGreaterThanOrEqual(score.tasks);
    expect(score.cleanWithoutFindings / score.cleanTasks).toBeGreaterThanOrEqual(0.9);
    for (const kind of score.kinds)
      expect({ kind: kind.kind, recall: kind.recall >= 0.8 }).toEqual({ kind: kind.kind, recall: true });
    // 42 tasks take about a second alone; a loaded CI machine can be many times slower.
  }, 120_000);
});
