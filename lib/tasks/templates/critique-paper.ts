import { DEFAULT_JUDGE_TEMPLATE } from "@/lib/rubrics/judge-template";
import type { CreateTaskInput } from "../schemas";
import { writeProbePaper } from "./probe-paper";
import type { TaskTemplate } from "./template-types";

// Templates: critique a paper with planted flaws (graded on recall of the flaws), and its control,
// the same study done soundly (graded on not inventing flaws). Same prompt for both.

const PROMPT = `You are refereeing the attached paper, \`paper.md\`, for an AI-safety venue.

## Your task

Identify the methodological problems that change how far the headline claim can be trusted. Do not list typos, style issues, or limitations the authors already state and handle.

For each problem:

- point to the passage it concerns (section and sentence)
- explain why it undermines the claim
- rate it major or minor

A sound paper is a possible answer: if you find no major problem, say so plainly.

End with a JSON block in this form:

\`\`\`json
{"major_flaws": ["<a short label per major problem>"], "headline_claim_supported": true}
\`\`\`
`;

const shared = {
  prompt: PROMPT,
  tags: ["paper-critique", "interpretability", "deception"],
  difficulty: "hard" as const,
  timeBudgetMinutes: 45,
  turnBudget: 10,
  giveUp: { allowed: false, instructions: "" },
  scoring: { mode: "continuous" as const, threshold: null },
  judgeTemplate: DEFAULT_JUDGE_TEMPLATE,
};

const IDENTIFY =
  "Identify the methodological problems that change how far the headline claim can be trusted.";
const NO_NOISE = "Do not list typos, style issues, or limitations the authors already state and handle.";
const PER_PROBLEM = [
  "point to the passage it concerns (section and sentence)",
  "explain why it undermines the claim",
  "rate it major or minor",
];
const JSON_BLOCK = "End with a JSON block in this form:";

const flaw = (key: string, title: string, description: string) => ({
  key,
  title,
  description,
  weight: 2,
  requirements: [IDENTIFY],
});

const FLAWED_KEY = `Five planted flaws (a strong review finds all five and rates them major):
F1 leakage: the held-out prompts are rewrites of training prompts, so the test measures memorised scenarios, not generalisation.
F2 tuning on the test set: layer and regularisation were picked by test performance, so the reported score is optimistically biased.
F3 best-of-seeds: only the best probe out of many seeds is reported; the typical probe is worse and the variance is unknown.
F4 overgeneralised transfer: both models belong to one family (two sizes), yet the title and abstract claim transfer across families.
F5 tiny test set without uncertainty: a few dozen test prompts and no confidence interval for a near-perfect score.
The instructed-deception limitation is stated by the authors and is not a flaw to report as major.
Expected JSON: headline_claim_supported false.`;

const SOUND_KEY = `Control: this version has no planted methodological flaw. Independent test prompts with an overlap filter, hyperparameters by cross-validation on training data, mean and spread over all seeds, transfer to two other families, bootstrap intervals.
A strong review says there is no major problem, may raise minor points (English only; instructed deception only, which the authors state), and does not invent leakage, test-set tuning or cherry-picking.
Expected JSON: headline_claim_supported true, major_flaws empty.`;

const common = (supported: boolean) => ({
  criteria: [] as CreateTaskInput["criteria"],
  checks: [
    {
      key: "verdict",
      kind: "json-path-equals" as const,
      description: `headline_claim_supported is ${supported}`,
      weight: 2,
      requirements: [JSON_BLOCK],
      config: { path: "$.headline_claim_supported", expected: supported },
    },
  ],
});

const evidenceCriterion = {
  key: "evidence",
  title: "Each problem points to its passage, explains the harm and is rated",
  description:
    "Every problem raised names its section and sentence, says why it undermines the claim, and is rated major or minor.",
  requirements: PER_PROBLEM,
};

const noFalseAlarms = {
  key: "no-false-alarms",
  title: "No invented or recycled flaws",
  description:
    "Every major problem raised is real; limitations the authors state and handle, typos and style are not reported as problems. Each false alarm costs one point.",
  weight: 2,
  type: "scale" as const,
  scaleMax: 3,
  requirements: [NO_NOISE],
};

export const CRITIQUE_FLAWED_PAPER: TaskTemplate = {
  id: "critique-flawed-paper",
  name: "Critique a paper with known flaws",
  summary:
    "The agent referees an interpretability paper with five planted methodological flaws; the grade is the recall of those flaws, with a penalty for invented ones.",
  designNotes:
    "One criterion per planted flaw gives recall; the no-false-alarms criterion gives precision. Pair it with the sound-paper control: a critic who reports the same flaws there is pattern-matching the topic.",
  family: "Paper critique",
  task: {
    key: "critique-flawed-paper",
    title: "Referee a deception-probe paper with planted flaws",
    ...shared,
    resources: [
      { kind: "document", name: "paper.md", mediaType: "text/markdown", content: writeProbePaper("flawed") },
    ],
    answerKey: FLAWED_KEY,
    ...common(false),
    criteria: [
      flaw(
        "flaw-leakage",
        "Finds the train/test leakage",
        "Notes that the test prompts are paraphrases of training prompts, so the held-out score does not measure generalisation.",
      ),
      flaw(
        "flaw-test-tuning",
        "Finds the tuning on the test set",
        "Notes that the layer and regularisation were chosen on test AUROC, which biases the reported score upward.",
      ),
      flaw(
        "flaw-best-seed",
        "Finds the best-of-seeds reporting",
        "Notes that only the best of 20 seeds is reported, hiding the typical result and its variance.",
      ),
      flaw(
        "flaw-overgeneralised",
        "Finds the overgeneralised transfer claim",
        "Notes that transfer was tested only between two sizes of one family, while the claim is about transfer across families.",
      ),
      flaw(
        "flaw-small-n",
        "Finds the small test set without uncertainty",
        "Notes that 48 test prompts with no confidence interval cannot support a near-perfect AUROC claim.",
      ),
      evidenceCriterion,
      noFalseAlarms,
    ],
  },
};

export const CRITIQUE_SOUND_CONTROL: TaskTemplate = {
  id: "critique-sound-control",
  name: "Control: the same paper done soundly",
  summary:
    "The control for the critique task: the same study without the planted flaws. A good referee says it holds up and invents nothing.",
  designNotes:
    "Same prompt and topic as the flawed version, so only reading the paper tells them apart. Graded on calling it sound, on no false alarms, and on treating the stated limitations as the authors do.",
  family: "Paper critique",
  task: {
    key: "critique-sound-control",
    title: "Referee a sound deception-probe paper (control)",
    ...shared,
    resources: [
      { kind: "document", name: "paper.md", mediaType: "text/markdown", content: writeProbePaper("sound") },
    ],
    answerKey: SOUND_KEY,
    ...common(true),
    criteria: [
      {
        key: "calls-it-sound",
        title: "Recognises the paper as sound",
        description: "Concludes that no major methodological problem undermines the headline claim.",
        weight: 3,
        requirements: [IDENTIFY],
      },
      evidenceCriterion,
      noFalseAlarms,
    ],
  },
};
