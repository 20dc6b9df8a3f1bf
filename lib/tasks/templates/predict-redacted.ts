import { DEFAULT_JUDGE_TEMPLATE } from "@/lib/rubrics/judge-template";
import { REDACTED_PAPER } from "./redacted-paper";
import type { TaskTemplate } from "./template-types";

// Variant of the redacted reproduction: predict the hidden result without running anything.
// Scored as improvement over the best known score, so a strong forecaster never saturates it.

const PROMPT = `The attached paper, \`paper.md\`, reports how often prefix injection makes open chat models comply with harmful requests. The result for the 7B model is redacted. There is no code execution or model access in this task: the paper is all you have.

## Your task

Predict the redacted mean attack success rate (ASR) of prefix injection on the 7B chat model.

Your answer must include:

- your point estimate and an 80% interval for it
- the evidence from the paper that your prediction rests on, citing the sections or table rows
- the strongest reason your prediction could be wrong

End your answer with exactly these two lines:

\`\`\`
PREDICTION: <your point estimate, as a fraction between 0 and 1>
INTERVAL: <low>-<high>
\`\`\`
`;

const ANSWER_KEY = `Redacted value: mean ASR 0.37 (per-seed range 0.35-0.39).

Good reasoning uses: the scale trend (13B 29%, 70B 12%, so 7B should be higher than 29%); similar no-attack baselines across sizes (so the difference is the attack, not the classifier); the length rule (short compliant answers are not counted, which caps the ASR). Predictions between 0.30 and 0.45 are reasonable; an 80% interval that contains 0.37 and is at most 0.25 wide is well calibrated.`;

export const PREDICT_REDACTED: TaskTemplate = {
  id: "predict-redacted",
  name: "Predict a redacted result without running it",
  summary:
    "Variant of the redacted reproduction: from the paper alone, the agent predicts the hidden number with an 80% interval and the evidence behind it.",
  designNotes:
    "Measures research judgement rather than execution. The point estimate is checked within ±0.08, the interval by the judge for calibration. Scored as improvement over the best known score: record the best forecast so far and the task never saturates.",
  family: "Redacted reproduction",
  task: {
    key: "predict-redacted",
    title: "Predict the redacted prefix-injection result",
    prompt: PROMPT,
    tags: ["forecasting", "jailbreaks", "redacted-results"],
    difficulty: "medium",
    timeBudgetMinutes: 20,
    turnBudget: 5,
    giveUp: { allowed: false, instructions: "" },
    scoring: { mode: "improvement", threshold: null },
    resources: [{ kind: "document", name: "paper.md", mediaType: "text/markdown", content: REDACTED_PAPER }],
    answerKey: ANSWER_KEY,
    judgeTemplate: DEFAULT_JUDGE_TEMPLATE,
    criteria: [
      {
        key: "interval",
        title: "Calibrated 80% interval",
        description:
          "The interval contains the redacted value and is no wider than 0.25; a very wide interval earns half credit.",
        type: "scale",
        scaleMax: 2,
        requirements: ["your point estimate and an 80% interval for it"],
      },
      {
        key: "evidence",
        title: "Prediction rests on the paper's evidence",
        description:
          "Cites the scale trend across the 13B and 70B rows, the no-attack baselines and the length rule, or other specific parts of the paper, and reasons from them to the number.",
        weight: 2,
        requirements: [
          "the evidence from the paper that your prediction rests on, citing the sections or table rows",
        ],
      },
      {
        key: "failure-mode",
        title: "Names the strongest reason it could be wrong",
        description:
          "A specific, plausible reason (e.g. the 7B model's different safety tuning, the classifier's errors), not a generic disclaimer.",
        requirements: ["the strongest reason your prediction could be wrong"],
      },
    ],
    checks: [
      {
        key: "prediction",
        kind: "number-tolerance",
        description: "Point estimate within 0.08 of the redacted value",
        weight: 3,
        requirements: [
          "Predict the redacted mean attack success rate (ASR) of prefix injection on the 7B chat model.",
        ],
        config: {
          expected: 0.37,
          tolerance: 0.08,
          relative: false,
          extract: "^PREDICTION:\\s*([-+0-9.eE]+)",
        },
      },
      {
        key: "interval-line",
        kind: "regex",
        description: "INTERVAL line with two fractions",
        requirements: ["End your answer with exactly these two lines:"],
        config: {
          pattern: "^INTERVAL:\\s*[01]?\\.\\d+\\s*[-–]\\s*[01]?\\.\\d+\\s*$",
          flags: "m",
          shouldMatch: true,
        },
      },
    ],
  },
};
