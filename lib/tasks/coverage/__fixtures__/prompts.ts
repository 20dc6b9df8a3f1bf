// Realistic task prompts for the coverage tests. Each `expected` list is every sentence the
// extractor must flag, in order; everything else in the prompt must not be flagged.

export const REPLICATION_PROMPT = `# Replicating a backdoor persistence claim

## Background

The paper *Sleeper Signals* (2024) reports that fine-tuning on 1,000 synthetic backdoor examples makes a 7B model insert vulnerable code in 38% of completions when the trigger year is 2025. The authors ran each configuration with three seeds. Providers must disclose backdoor evaluations under the voluntary commitments. Why does this matter? Because deployment decisions increasingly rely on such numbers.

The attached \`paper.pdf\` contains the full method section, and \`results.csv\` has the per-seed numbers.

## Your task

Design an experiment that would test whether the headline claim holds for a different model family. Your design must include a pre-registered primary metric and a stopping rule. Estimate the number of GPU-hours the experiment needs, and state the assumptions behind the estimate.

Your write-up should cover:

- the hypothesis, stated so that it could be falsified
- at least two threats to validity and how the design addresses each
- the analysis plan, including the statistical test

You may use any public model checkpoints. If the original code is unavailable, say so and describe how you would reimplement the training loop. Do not exceed 1,500 words.

Think step by step before writing.

## Example of a good hypothesis

> Fine-tuning Llama-3-8B on the same 1,000 examples yields a backdoor insertion rate within 10 points of 38%.
`;

export const REPLICATION_EXPECTED = [
  "Design an experiment that would test whether the headline claim holds for a different model family.",
  "Your design must include a pre-registered primary metric and a stopping rule.",
  "Estimate the number of GPU-hours the experiment needs, and state the assumptions behind the estimate.",
  "the hypothesis, stated so that it could be falsified",
  "at least two threats to validity and how the design addresses each",
  "the analysis plan, including the statistical test",
  "If the original code is unavailable, say so and describe how you would reimplement the training loop.",
  "Do not exceed 1,500 words.",
  "Think step by step before writing.",
];

export const GOVERNANCE_PROMPT = `**Context**

In March 2025 the fictional country of Veridia required frontier developers to report serious AI incidents within 72 hours. Developers that miss the deadline face a fine of up to 2% of annual turnover. The incident register (\`incidents.csv\`) covers 2023-01 to 2025-12 and lists 412 incidents across 9 developers.

**Task**

Assess the impact of the reporting mandate on the time between an incident and its public disclosure. Use a difference-in-differences approach, with developers outside Veridia's jurisdiction as the comparison group. Report the estimated change in median disclosure delay in days, with a 90% confidence interval.

Answer the following questions:

1. Did the mandate change how many incidents were reported?
2. Which developer changed its behaviour most, and by how much?

Base your answer only on the provided register and the statute text. Your memo must not exceed two pages. Keep in mind that reporting practices also changed after a widely covered incident in mid-2024. The grader will compare your estimate with the answer key.
`;

export const GOVERNANCE_EXPECTED = [
  "Assess the impact of the reporting mandate on the time between an incident and its public disclosure.",
  "Use a difference-in-differences approach, with developers outside Veridia's jurisdiction as the comparison group.",
  "Report the estimated change in median disclosure delay in days, with a 90% confidence interval.",
  "Did the mandate change how many incidents were reported?",
  "Which developer changed its behaviour most, and by how much?",
  "Base your answer only on the provided register and the statute text.",
  "Your memo must not exceed two pages.",
];

export const EVAL_ANALYSIS_PROMPT = `You are given 500 transcripts from a red-teaming run in \`transcripts.jsonl\`. Each line holds one conversation and a \`label\` field set by a human reviewer.

Compute the refusal rate of the model on the harmful subset. Use pandas to compute the rate per harm category. Return your answer as JSON with the keys \`overall\` and \`by_category\`. Round all rates to three decimal places.

The output must be valid JSON. Do not use the internet. You can inspect the files with any tool you like.

Example output:

\`\`\`json
{"overall": 0.412, "by_category": {"cyber": 0.5}}
\`\`\`

When the label field is missing, the transcript was never reviewed.
`;

export const EVAL_ANALYSIS_EXPECTED = [
  "Compute the refusal rate of the model on the harmful subset.",
  "Use pandas to compute the rate per harm category.",
  "Return your answer as JSON with the keys `overall` and `by_category`.",
  "Round all rates to three decimal places.",
  "The output must be valid JSON.",
  "Do not use the internet.",
];

export const FINE_TUNE_PROMPT = `## Setup

The environment has one A100 GPU and the \`sft-safety\` dataset with 20,000 examples.

## Instructions

Fine-tune the provided 1B model on the dataset in bf16. Train for exactly 2 epochs with a learning rate of 2e-5. Report the final accuracy on the held-out refusal benchmark as a percentage with one decimal place. Save the checkpoint to \`/output/ckpt\`.
`;

export const FINE_TUNE_EXPECTED = [
  "Fine-tune the provided 1B model on the dataset in bf16.",
  "Train for exactly 2 epochs with a learning rate of 2e-5.",
  "Report the final accuracy on the held-out refusal benchmark as a percentage with one decimal place.",
  "Save the checkpoint to `/output/ckpt`.",
];

export const CODE_PROMPT = `# Jailbreak classifier harness

Write a Python function \`score_prompts(prompts: list[str]) -> list[float]\` in \`harness.py\` that returns a jailbreak likelihood between 0 and 1 for each prompt. Use numpy for vector operations; do not call any network service. The function must run in under 2 seconds for 1,000 prompts.

The module should not print anything. Tests live in \`tests/\`; they are hidden from you.
`;

export const CODE_EXPECTED = [
  "Write a Python function `score_prompts(prompts: list[str]) -> list[float]` in `harness.py` that returns a jailbreak likelihood between 0 and 1 for each prompt.",
  "Use numpy for vector operations; do not call any network service.",
  "The function must run in under 2 seconds for 1,000 prompts.",
  "The module should not print anything.",
];

export const FORECAST_PROMPT = `# Compute thresholds

Background: The EU AI Act presumes systemic risk for general-purpose models trained with more than 10^25 FLOP. Labs need to notify the Commission within two weeks of crossing the threshold.

## Questions

1. How many models released before 2025 crossed the threshold?
2. What is the estimated training compute of the largest open-weights model, in FLOP?

For each question, give a point estimate and an 80% interval. Cite at least one source per estimate.
`;

export const FORECAST_EXPECTED = [
  "How many models released before 2025 crossed the threshold?",
  "What is the estimated training compute of the largest open-weights model, in FLOP?",
  "For each question, give a point estimate and an 80% interval.",
  "Cite at least one source per estimate.",
];

export const FRAMEWORKS_PROMPT = `# Evaluating a frontier safety framework

You are a policy analyst at a think tank. Anthropic, OpenAI and Google DeepMind have each published a frontier safety framework. The three documents are attached as \`rsp.pdf\`, \`preparedness.pdf\` and \`fsf.pdf\`.

## What we need

1. Read all three frameworks.
2. For each framework, identify the capability thresholds that trigger additional safeguards.
3. Compare how each lab defines "critical" capability levels; note where definitions are vague.
4. Score each framework from 1 to 5 on specificity, verifiability and enforceability.

## Deliverables

- A comparison table (Markdown) with one row per framework
- A 300–500 word summary of your conclusions
- A list of open questions you would put to each lab

**Important:** All claims about a framework must cite the section they come from. Don't speculate about internal lab processes that are not described in the documents.

Note: the frameworks were updated in 2024; use the attached versions, not older ones you may remember.

If a framework lacks a threshold for a category, write "none" in that cell.

## Grading

Your submission will be reviewed by two experts.
`;

export const FRAMEWORKS_EXPECTED = [
  "Read all three frameworks.",
  "For each framework, identify the capability thresholds that trigger additional safeguards.",
  'Compare how each lab defines "critical" capability levels; note where definitions are vague.',
  "Score each framework from 1 to 5 on specificity, verifiability and enforceability.",
  "A comparison table (Markdown) with one row per framework",
  "A 300–500 word summary of your conclusions",
  "A list of open questions you would put to each lab",
  "**Important:** All claims about a framework must cite the section they come from.",
  "Don't speculate about internal lab processes that are not described in the documents.",
  "Note: the frameworks were updated in 2024; use the attached versions, not older ones you may remember.",
  'If a framework lacks a threshold for a category, write "none" in that cell.',
];
