import { describe, expect, it } from "vitest";
import { FINE_TUNE_PROMPT, GOVERNANCE_PROMPT } from "./__fixtures__/prompts";
import { checkCoverage, checksResponse, coverageInput, extractRequirements } from "./index";
import type { CoverageInput } from "./types";

const base = (over: Partial<CoverageInput> = {}): CoverageInput => ({
  prompt: FINE_TUNE_PROMPT,
  agentVisible: [],
  answerKey: "",
  criteria: [],
  checks: [],
  giveUp: { allowed: false, instructions: "" },
  ...over,
});

const kinds = (input: CoverageInput) => checkCoverage(input).findings.map((f) => f.kind);
const [BF16, EPOCHS, ACCURACY, CHECKPOINT] = extractRequirements(FINE_TUNE_PROMPT);

describe("the bf16 example", () => {
  // The grader checks the outcome only: the reported accuracy and the saved checkpoint.
  const input = base({
    checks: [
      {
        id: "accuracy",
        kind: "number-tolerance",
        description: "Final accuracy within 0.5 points",
        requirements: [ACCURACY.id],
      },
      { id: "ckpt", kind: "exact-match", description: "Checkpoint exists at /output/ckpt", requirements: [] },
    ],
  });
  const result = checkCoverage(input);

  it("reports bf16 as a process requirement and as unchecked", () => {
    const aboutBf16 = result.findings.filter((f) => f.requirement?.id === BF16.id);
    expect(aboutBf16.map((f) => [f.kind, f.severity])).toEqual([
      ["unchecked-requirement", "error"],
      ["process-requirement", "warning"],
    ]);
    expect(aboutBf16[0].message).toContain('"Fine-tune the provided 1B model on the dataset in bf16."');
    expect(aboutBf16[1].message).toContain("the numeric precision (bf16)");
    expect(aboutBf16[1].message).toContain('"Fine-tune the provided 1B model on the dataset."');
    expect(aboutBf16[0].requirement).toEqual({
      id: BF16.id,
      text: BF16.text,
      start: BF16.start,
      end: BF16.end,
    });
  });

  it("counts the linked and the inferred coverage", () => {
    expect(result.coverage.map((c) => c.links.map((l) => `${l.key}:${l.how}`))).toEqual([
      [],
      [],
      ["accuracy:id"],
      ["ckpt:inferred"],
    ]);
    expect(result.findings.map((f) => f.id)).toEqual([
      `unchecked-${BF16.id}`,
      `unchecked-${EPOCHS.id}`,
      `process-${BF16.id}`,
      `process-${EPOCHS.id}`,
    ]);
    expect(CHECKPOINT.isProcess).toBe(false);
  });

  it("clears once the grader checks visible evidence and the prompt asks for it", () => {
    const fixed = checkCoverage(
      base({
        prompt: FINE_TUNE_PROMPT.replace("in bf16", "and report the dtype from the training log"),
        checks: [
          ...(input.checks ?? []),
          {
            id: "dtype",
            kind: "exact-match",
            description: "The dtype from the training log is bfloat16",
            requirements: [
              "Fine-tune the provided 1B model on the dataset and report the dtype from the training log",
            ],
          },
          {
            id: "epochs",
            kind: "json-path-equals",
            description: "config.json has 2 epochs",
            requirements: [EPOCHS.text],
          },
        ],
      }),
    );
    expect(fixed.findings.map((f) => f.kind)).toEqual(["process-requirement"]);
    expect(fixed.findings[0].message).toContain('"epochs" claims to check it');
  });
});

describe("unchecked-requirement", () => {
  it("is not raised for requirements covered by id, text or content", () => {
    const prompt = "Report the p99 latency in ms. List the three slowest endpoints. Be concise.";
    const [p99, slowest, concise] = extractRequirements(prompt);
    const result = checkCoverage(
      base({
        prompt,
        criteria: [
          { key: "c1", title: "Latency", description: "Correct number.", requirements: [p99.id] },
          {
            key: "c2",
            title: "Slowest",
            description: "Names the three slowest endpoints.",
            requirements: [],
          },
          { key: "c3", title: "Brevity", description: "Short.", requirements: ["be concise"] },
        ],
      }),
    );
    expect(result.findings).toEqual([]);
    expect(result.coverage.map((c) => c.requirementId)).toEqual([p99.id, slowest.id, concise.id]);
  });
});

describe("hidden-requirement", () => {
  const criteria = [
    {
      key: "delay",
      title: "Delay estimate",
      description: "Reports the change in median disclosure delay with a 90% confidence interval.",
      requirements: [],
    },
    {
      key: "dual-use",
      title: "Dual-use",
      description: "Discusses dual-use risks of publishing incident details.",
      requirements: ["req-gone"],
    },
    {
      key: "confound",
      title: "Mid-2024 confound",
      description: "Notes that reporting practices changed after the widely covered mid-2024 incident.",
      requirements: [],
    },
  ];

  it("flags criteria and checks grading what the prompt never asks, naming what is missing", () => {
    const result = checkCoverage(
      base({
        prompt: GOVERNANCE_PROMPT,
        criteria,
        checks: [{ id: "regex-1", kind: "regex", requirements: [] }],
      }),
    );
    const hidden = result.findings.filter((f) => f.kind === "hidden-requirement");
    expect(hidden.map((f) => f.criterion ?? f.check)).toEqual(["dual-use", "regex-1"]);
    expect(hidden[0].message).toContain('"dual", "risks", "publishing", "details"');
    expect(hidden[0].message).toContain("1 requirement(s) no longer in the prompt");
    expect(hidden[1].message).toContain("doesn't say what it checks");
    expect(hidden[1].check).toBe("regex-1");
  });

  it("is not raised for a criterion whose content the prompt mentions, even outside a requirement", () => {
    const result = checkCoverage(base({ prompt: GOVERNANCE_PROMPT, criteria: [criteria[2]] }));
    expect(result.findings.some((f) => f.kind === "hidden-requirement")).toBe(false);
  });
});

describe("answer-key-leak", () => {
  it("reports the resource and offsets of leaked key text", () => {
    const paper =
      "## Results\n\nAfter the mandate the median delay fell by 3.4 days.\n\nHelix Labs changed most.";
    const result = checkCoverage(
      base({
        prompt: GOVERNANCE_PROMPT,
        agentVisible: [
          { label: "statute.md", text: "Article 3. Developers shall report within 72 hours." },
          { label: "paper.md", text: paper },
        ],
        answerKey: "Delay change: -3.4 days\nQ2: Helix Labs, by 11 days",
      }),
    );
    const leaks = result.findings.filter((f) => f.kind === "answer-key-leak");
    expect(leaks.map((f) => f.location)).toEqual([
      { label: "paper.md", start: paper.indexOf("3.4"), end: paper.indexOf("3.4") + 3 },
      { label: "paper.md", start: paper.indexOf("Helix"), end: paper.indexOf("Helix") + 10 },
    ]);
    expect(leaks[0].message).toContain('"paper.md"');
    expect(leaks.every((f) => f.severity === "error")).toBe(true);
  });

  it("scans the give-up wording when give-up is offered", () => {
    const input = base({
      answerKey: "87.5",
      giveUp: { allowed: true, instructions: "If you cannot reach 87.5%, say GIVE UP." },
      criteria: [
        { key: "gu", title: "Give-up", description: "Giving up scores 0.", requirements: [], isGiveUp: true },
      ],
    });
    expect(
      checkCoverage(input)
        .findings.filter((f) => f.kind === "answer-key-leak")
        .map((f) => f.location?.label),
    ).toEqual(["give-up instructions"]);
  });
});

describe("no-give-up", () => {
  const giveUpCriterion = {
    key: "gu",
    title: "Abstention",
    description: "Full credit if the agent abstains when the data is missing.",
    requirements: [],
  };

  it("is raised when give-up is allowed but never graded", () => {
    const findings = checkCoverage(
      base({ giveUp: { allowed: true, instructions: "Say GIVE UP." } }),
    ).findings;
    expect(findings.filter((f) => f.kind === "no-give-up").map((f) => [f.id, f.severity])).toEqual([
      ["no-give-up-ungraded", "error"],
    ]);
  });

  it("is raised when a give-up criterion exists but give-up is not allowed", () => {
    const findings = checkCoverage(base({ criteria: [giveUpCriterion] })).findings;
    const giveUp = findings.filter((f) => f.kind === "no-give-up");
    expect(giveUp.map((f) => [f.criterion, f.severity])).toEqual([["gu", "warning"]]);
    expect(findings.some((f) => f.kind === "hidden-requirement")).toBe(false);
  });

  it("is not raised when give-up is allowed and graded (by flag or by wording)", () => {
    const allowed = { allowed: true, instructions: "Say GIVE UP." };
    expect(kinds(base({ giveUp: allowed, criteria: [giveUpCriterion] }))).not.toContain("no-give-up");
    const flagged = { ...giveUpCriterion, description: "Scores 0.", isGiveUp: true };
    expect(kinds(base({ giveUp: allowed, criteria: [flagged] }))).not.toContain("no-give-up");
    expect(kinds(base({ giveUp: allowed, criteria: [flagged] }))).not.toContain("hidden-requirement");
    expect(kinds(base())).not.toContain("no-give-up");
  });
});

describe("dismissals and stable ids", () => {
  it("keeps dismissed findings in the output with their reason", () => {
    const first = checkCoverage(base());
    const target = first.findings[1];
    const again = checkCoverage(
      base({ dismissed: [{ findingId: target.id, reason: "Epochs are fixed by the env." }] }),
    );
    expect(again.findings).toHaveLength(first.findings.length);
    expect(again.findings[1]).toEqual({ ...target, dismissed: { reason: "Epochs are fixed by the env." } });
    expect(again.findings.filter((f) => f.dismissed).length).toBe(1);
  });

  it("gives the same ids after unrelated edits, so dismissals stick", () => {
    const before = checkCoverage(base()).findings.map((f) => f.id);
    const edited = `Welcome to the fine-tuning task.\n\n${FINE_TUNE_PROMPT}`.replace("20,000", "25,000");
    const after = checkCoverage(base({ prompt: edited })).findings.map((f) => f.id);
    expect(after).toEqual(before);
  });

  it("applies author overrides before checking", () => {
    const result = checkCoverage(base({ overrides: { marked: [], unmarked: [BF16.id, EPOCHS.id] } }));
    expect(result.requirements.map((r) => r.id)).toEqual([ACCURACY.id, CHECKPOINT.id]);
    expect(result.findings.map((f) => f.kind)).toEqual(["unchecked-requirement", "unchecked-requirement"]);
  });
});

describe("schemas", () => {
  it("parse a valid input and the response, and reject bad ones", () => {
    const input = base({ checks: [{ id: "x", kind: "regex", requirements: [] }] });
    expect(coverageInput.parse(input)).toEqual(input);
    expect(
      coverageInput.safeParse({ ...input, checks: [{ id: "x", kind: "fuzzy", requirements: [] }] }).success,
    ).toBe(false);
    expect(checksResponse.safeParse({ findings: checkCoverage(input).findings }).success).toBe(true);
    expect(checksResponse.safeParse({ findings: [{ kind: "nope" }] }).success).toBe(false);
  });
});
