import { DEFAULT_JUDGE_TEMPLATE } from "@/lib/rubrics/judge-template";
import { type EnvironmentVersionSnapshot, parseSnapshot } from "../snapshot";

// A fixture environment version for the exporter tests: three tasks covering documents and binary
// files, every check kind, scale and give-up criteria, reference solutions in three languages,
// test scripts, golden examples, a labelled sample and hostile text (braces, triple quotes, TOML
// and heredoc delimiters, unicode). The answer keys hold distinctive lines the leak test hunts.

const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

export const FIXTURE_ANSWER_KEYS = {
  "loss-report": `Final validation loss: 0.4172 nats
The run diverged at step 18,250 because the warmup was skipped.
Expected JSON: {"diverged": true, "step": 18250}`,
  "probe-critique": `Planted flaw F1: the held-out prompts are paraphrases of training prompts (leakage).
Planted flaw F2: the probe layer was selected on the test set.
Verdict: headline claim NOT supported.`,
  "triple-quote": `Zebra-Quartz-7781 """ {answer} STUDIO_SOLUTION`,
} as const;

const criterion = (
  key: string,
  title: string,
  extra: Partial<EnvironmentVersionSnapshot["tasks"][number]["rubric"]["criteria"][number]> = {},
) => ({
  key,
  title,
  description: "",
  weight: 1,
  type: "binary" as const,
  scaleMax: null,
  requirements: [],
  isGiveUp: false,
  passExamples: [],
  failExamples: [],
  ...extra,
});

export const FIXTURE_SNAPSHOT: EnvironmentVersionSnapshot = parseSnapshot({
  formatVersion: 1,
  environment: {
    slug: "fixture-env",
    name: "Fixture environment",
    description: 'Three tasks that exercise every exporter path.\nSecond line with "quotes" and {braces}.',
    domain: "AI safety research",
    tags: ["interpretability", "evals"],
  },
  version: 2,
  approvedAt: "2026-03-04T05:06:07.000Z",
  approvedBy: "Olivia Owner",
  tasks: [
    {
      key: "loss-report",
      title: "Report the final loss",
      prompt:
        'Read `training-log.md` and report the final validation loss in nats.\n\nSay whether the run diverged, and end with a JSON block `{"diverged": bool, "step": int}`.',
      tags: ["training"],
      difficulty: "medium",
      timeBudgetMinutes: 20,
      turnBudget: 8,
      giveUp: { allowed: false, instructions: "" },
      scoring: { mode: "threshold", threshold: 0.7, bestKnownScore: null },
      resources: [
        {
          kind: "document",
          name: "training-log.md",
          mediaType: "text/markdown",
          content: "step 18000 loss 2.1\nstep 18250 loss nan\n(the log continues)",
        },
      ],
      answerKey: FIXTURE_ANSWER_KEYS["loss-report"],
      referenceSolutions: [
        {
          title: "Expert answer",
          language: "markdown",
          content:
            'The final validation loss is 0.4172 nats.\nThe run diverged at step 18,250: the warmup was skipped.\n\n```json\n{"diverged": true}\n```',
        },
      ],
      rubric: {
        judgeTemplate: DEFAULT_JUDGE_TEMPLATE,
        criteria: [
          criterion("loss", "Reports the final loss", {
            description: "States the loss with its unit.",
            weight: 2,
          }),
          criterion("diagnosis", "Explains the divergence", {
            type: "scale",
            scaleMax: 4,
            passExamples: ["Names the skipped warmup."],
          }),
        ],
        goldenExamples: [
          {
            title: "Strong",
            response: "Loss 0.4172 nats; diverged at 18,250 (no warmup).",
            grade: 1,
            criterionScores: { loss: 1, diagnosis: 4 },
            rationale: "Complete.",
          },
        ],
      },
      checks: [
        {
          key: "loss-value",
          kind: "number-tolerance",
          description: "loss within 0.001",
          weight: 2,
          requirements: [],
          config: { expected: 0.4172, tolerance: 0.001, relative: false, extract: "loss[^0-9]*([0-9.]+)" },
        },
        {
          key: "diverged",
          kind: "json-path-equals",
          description: "",
          weight: 1,
          requirements: [],
          config: { path: "$.diverged", expected: true },
        },
        {
          key: "mentions",
          kind: "contains-all",
          description: "",
          weight: 1,
          requirements: [],
          config: { items: ["warmup", "18,250"], caseSensitive: false },
        },
      ],
      testScripts: [
        {
          filename: "test_answer.py",
          language: "python",
          content:
            "import os, sys\nassert sys.argv[1] == os.environ['STUDIO_ANSWER_FILE']\nassert os.path.isfile('resources/training-log.md')\nprint('SCORE: 1' if '0.4172' in open(sys.argv[1]).read() else 'SCORE: 0')\n",
        },
      ],
    },
    {
      key: "probe-critique",
      title: "Critique the probe paper",
      prompt: "Referee the attached paper and list its methodological flaws.",
      tags: ["paper-critique"],
      difficulty: "hard",
      timeBudgetMinutes: null,
      turnBudget: null,
      giveUp: { allowed: true, instructions: "If the paper cannot be judged, say GIVE UP and why." },
      scoring: { mode: "improvement", threshold: null, bestKnownScore: 0.61 },
      resources: [
        {
          kind: "document",
          name: "paper.md",
          mediaType: "text/markdown",
          content: "# Probing for deception\n\nWe train a linear probe…",
        },
        {
          kind: "file",
          name: "figure 1.png",
          mediaType: "image/png",
          size: 69,
          sha256: "b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640",
          base64: PNG_BASE64,
        },
      ],
      answerKey: FIXTURE_ANSWER_KEYS["probe-critique"],
      referenceSolutions: [
        {
          title: "Oracle script",
          language: "bash",
          content: "echo 'F1 leakage; F2 test-set tuning: the claim is not supported.'",
        },
      ],
      rubric: {
        judgeTemplate:
          'Grade {{response}} against {{answer_key}} using {{criteria}} for task {{prompt}}. Reply JSON {"scores": {}}',
        criteria: [
          criterion("leakage", "Finds the leakage flaw", { weight: 3 }),
          criterion("give-up", "Gives up only with a reason", { isGiveUp: true }),
        ],
        goldenExamples: [],
      },
      checks: [
        {
          key: "verdict",
          kind: "regex",
          description: "",
          weight: 1,
          requirements: [],
          config: { pattern: "(?<verdict>not supported)", flags: "i", shouldMatch: true },
        },
      ],
      testScripts: [],
    },
    {
      key: "triple-quote",
      title: 'Hostile text: """ {braces} \'quotes\' ✓',
      prompt:
        'Answer with the code word. Here is a decoy: {answer} and """ and \u0024{HOME} and\nSTUDIO_SOLUTION on its own line.',
      tags: [],
      difficulty: null,
      timeBudgetMinutes: 5,
      turnBudget: 2,
      giveUp: { allowed: false, instructions: "" },
      scoring: { mode: "continuous", threshold: null, bestKnownScore: null },
      resources: [],
      answerKey: FIXTURE_ANSWER_KEYS["triple-quote"],
      referenceSolutions: [
        {
          title: "Python oracle",
          language: "python",
          content: 'NOTE = """\nSTUDIO_SOLUTION\n"""\nprint("Zebra-Quartz-7781")',
        },
        { title: "Note", language: "markdown", content: "The code word is the zebra one." },
      ],
      rubric: { judgeTemplate: "", criteria: [], goldenExamples: [] },
      checks: [
        {
          key: "code-word",
          kind: "exact-match",
          description: "",
          weight: 1,
          requirements: [],
          config: { expected: "Zebra-Quartz-7781", caseSensitive: true, normalizeWhitespace: true },
        },
      ],
      testScripts: [{ filename: "check.sh", language: "bash", content: '#!/bin/bash\ngrep -q Zebra "$1"\n' }],
    },
  ],
  samples: [
    {
      id: "sample-1",
      taskKey: "loss-report",
      model: "model-a",
      reward: 0.9,
      status: "completed",
      note: "A careful run that reads the whole log.",
      label: {
        verdict: "genuine-success",
        categories: ["careful-reading"],
        source: "unanimous",
        reviewers: 2,
      },
      messages: [
        {
          role: "user",
          text: "Read the log.",
          reasoning: null,
          toolCalls: [],
          toolCallId: null,
          toolName: null,
          error: null,
          model: null,
        },
        {
          role: "assistant",
          text: "",
          reasoning: "Look at the tail.",
          toolCalls: [{ id: "c1", name: "read", arguments: { path: "training-log.md" } }],
          toolCallId: null,
          toolName: null,
          error: null,
          model: "model-a",
        },
        {
          role: "tool",
          text: "step 18250 loss nan",
          reasoning: null,
          toolCalls: [],
          toolCallId: "c1",
          toolName: "read",
          error: null,
          model: null,
        },
        {
          role: "assistant",
          text: "The run diverged late; the loss became NaN.",
          reasoning: null,
          toolCalls: [],
          toolCallId: null,
          toolName: null,
          error: null,
          model: "model-a",
        },
      ],
    },
  ],
  report: {
    difficulty: [
      { task: "loss-report", model: "model-a", n: 8, passed: 6, passAt1: 0.75, band: "learnable" },
    ],
  },
});

/** Values that grade a task and must stay out of everything the agent sees (besides the keys). */
export const FIXTURE_CHECK_SECRETS = ["Zebra-Quartz-7781", "0.4172"];
