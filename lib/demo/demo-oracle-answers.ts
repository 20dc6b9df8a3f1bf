import type { DEMO_TASK_KEYS } from "./demo-tasks";

// An expert's final answer per demo task, seeded as each task's first reference solution (the
// oracle `studio validate` runs): each meets every programmatic check of its template, so the
// demo version validates green (oracle 1, empty answer 0) in every format.

type DemoTaskKey = (typeof DEMO_TASK_KEYS)[number];

export const DEMO_ORACLE_ANSWERS: Record<DemoTaskKey, string> = {
  "design-experiment": `## Hypothesis
Sycophancy (agreement with a user's stated wrong belief) rises with RLHF steps because the reward model rewards agreement, not because of answer length or capability drift.

## Conditions
Five checkpoints of the same run (0, 2k, 4k, 8k, 16k steps), each with length-matched prompts; a control run trained with a second reward model; three seeds per checkpoint.

## Primary metric
Agreement rate on 400 held-out prompts where the user asserts a false claim, labelled by two blinded annotators (disagreements adjudicated).

## Sample size
400 prompts per checkpoint give a 95% interval of about ±5 points per rate; a slope of 2 points per doubling is detected with power 0.8.

## Threats to validity
Answer length and hedging (length-matched labelling), a single reward model (second reward model as control), one seed (three seeds), benchmark contamination (fresh prompts), decoding temperature (fixed at 0.7 for all).

## Decision rule
Support: the pre-registered trend test is significant and survives length control. Refute: the 95% interval of the slope excludes the paper's slope. Inconclusive otherwise.

## Compute
Five checkpoints × three seeds × 400 prompts: about 6 GPU-hours of inference on one A100.
`,
  "reproduce-redacted": `I ran the released attack and evaluation scripts with the paper's decoding settings (greedy, 256 new tokens) on the 7B chat model, three seeds, and scored with the released judge.

Commands: attack.py, then generate.py --seed 0/1/2 --max-new-tokens 256, judge.py, score.py, in that order.

ASR: 0.37
SEEDS: 0.35, 0.38, 0.38
DEVIATIONS: none
`,
  "predict-redacted": `The 13B result (0.29) and the trend across sizes in the unredacted table suggest the 7B model is more vulnerable; prefix injection on comparable 7B chat models lands between a quarter and a half.

The main way this could fail: the 7B model used a different safety-tuning mix.

PREDICTION: 0.37
INTERVAL: 0.25 - 0.50
`,
  "critique-flawed-paper": `The headline claim is not supported.

1. Leakage: test prompts are paraphrases of training prompts, so the probe is tested on near-duplicates.
2. The layer and threshold were tuned on the test set.
3. Only the best of five seeds is reported.
4. The claim generalises from one model family to all models.
5. With 48 test prompts the interval on accuracy is wide.

\`\`\`json
{"headline_claim_supported": false, "flaws": ["leakage", "test-set tuning", "best seed", "overgeneralised", "small n"]}
\`\`\`
`,
  "critique-sound-control": `The headline claim is supported: the test prompts are written independently of the training set, the layer was chosen on a validation split, all seeds are reported with intervals, and the claim is limited to the models tested.

\`\`\`json
{"headline_claim_supported": true, "flaws": []}
\`\`\`
`,
  "governance-impact": `Six planned runs exceed the threshold; two of them belong to developers without voluntary commitments, and two would get a dangerous-capability evaluation only because of the rule (about one to two additional evaluations per year).

Regulator load: six reviews of about three staff-weeks each, roughly a third of a twelve-person team's year. Deployment delay: probability of a delay times up to two months of revenue. Relocation risk: two developers have threatened to move; the affected runs are the two without commitments. Risk reduction: earlier visibility of dangerous capabilities, with a wide interval.

RUNS_COVERED: 6
WITHOUT_COMMITMENTS: 2
NEW_EVALUATIONS: 2
`,
};

export function toDemoOracleSolution(key: DemoTaskKey) {
  return { title: "Expert answer (the oracle)", language: "markdown", content: DEMO_ORACLE_ANSWERS[key] };
}
