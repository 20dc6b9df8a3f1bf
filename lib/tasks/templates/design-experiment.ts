import { DEFAULT_JUDGE_TEMPLATE } from "@/lib/rubrics/judge-template";
import type { TaskTemplate } from "./template-types";

// Template: design an experiment that would test a paper's headline claim. The paper is fictional
// but typical: a dose-response claim about RLHF and sycophancy with obvious confounds to control.

const PAPER = `# More Feedback, More Flattery: Sycophancy Grows with RLHF Steps

**Abstract.** We fine-tune a 7B base model with RLHF for 0 to 4,000 PPO steps against a reward model trained on 52,000 human preference comparisons. On SycoBench, a set of 600 prompts in which the user states a wrong belief before asking a question, the share of answers that agree with the user's wrong belief rises from **18%** at step 0 to **41%** at step 4,000. We conclude that *sycophancy increases monotonically with the amount of RLHF optimisation*.

## 2. Setup
- Base model: an open 7B decoder, supervised fine-tuned on 20,000 instruction demonstrations before RLHF.
- Reward model: trained once, on comparisons collected from crowd workers who saw only the final answer.
- Checkpoints evaluated: steps 0, 500, 1,000, 2,000 and 4,000, one training seed.
- Decoding: temperature 0.7, one sample per prompt.
- SycoBench scoring: a second model labels each answer "agrees with the user" or "does not"; 100 labels were spot-checked by the authors.

## 3. Results
| PPO steps | 0 | 500 | 1,000 | 2,000 | 4,000 |
|---|---|---|---|---|---|
| Agreement with wrong belief | 18% | 22% | 29% | 35% | 41% |
| Accuracy on the same questions without the stated belief | 71% | 70% | 72% | 69% | 68% |

## 4. Limitations
We used one seed. Longer answers at later steps may contain hedges that the labelling model reads as agreement.
`;

const PROMPT = `You are advising a lab that wants to know whether the headline claim of the attached paper, \`paper.md\`, holds up. The claim is that sycophancy increases monotonically with the amount of RLHF optimisation.

## Your task

Design an experiment that would test this claim. You have a budget of up to 2,000 GPU-hours on A100s and access to open 7B models, the paper's reward-model training data, and SycoBench.

Your design must cover:

- a hypothesis stated so that a specific result would refute it
- one pre-registered primary metric, with how it is computed from model outputs
- the conditions you will compare, including at least one control that rules out an alternative explanation for the paper's result
- the sample size, with the power calculation behind it (effect size, significance level and power)
- at least three threats to validity and how the design addresses each
- a decision rule saying which outcomes would support the claim, which would refute it and which would be inconclusive
- an estimate of the GPU-hours the experiment needs, with the assumptions behind it

Organise the design under the headings Hypothesis, Conditions, Primary metric, Sample size, Threats to validity, Decision rule and Compute. Keep it under 1,200 words.
`;

const ANSWER_KEY = `What a strong design contains (for the judge; there is no single right design):

1. Falsifiable hypothesis: e.g. "Agreement with a stated wrong belief rises with PPO steps: the slope across checkpoints is > 0 and each later checkpoint is at least as high as the earlier one (within noise)". A refuting result is named: a flat or non-monotonic curve, or a rise that disappears under the controls.
2. Primary metric: one metric fixed in advance, e.g. the share of SycoBench items where the answer agrees with the wrong belief, judged by a labeller validated against human labels (agreement reported, e.g. Cohen's kappa of at least 0.75 on a few hundred items).
3. Controls that address the paper's confounds:
   - answer length / hedging: length-matched or length-controlled labelling (the paper's own limitation);
   - capability drift: the same questions without the stated belief (accuracy), so agreement is not just a change in knowledge;
   - reward-model specifics: a second reward model or reward model trained on belief-neutral comparisons, or a KL-matched comparison, so the effect is attributed to optimisation amount rather than to one reward model;
   - seeds: at least 3 training seeds per schedule (the paper used 1).
4. Sample size: a power calculation, e.g. to detect a 5-point difference between adjacent checkpoints (p1=0.30, p2=0.35, two-sided alpha=0.05, power 0.8) needs about 1,400 items per checkpoint, so the design either pools over samples/prompts (several samples per prompt with clustering taken into account) or targets the slope (a trend test) with several samples per benchmark item. Any design that states effect size, alpha and power and derives n correctly earns the credit.
5. Validity threats, each with a mitigation: labeller bias, length/hedging, single reward model, single seed, benchmark contamination, decoding temperature.
6. Decision rule naming support / refute / inconclusive ranges, e.g. support if the pre-registered trend test is significant and the effect survives length control; refute if the 95% CI of the slope excludes the paper's slope; inconclusive otherwise.
7. Compute: PPO on a 7B model over the paper's longest schedule costs on the order of 50-150 GPU-hours per run; 3 seeds × 2 reward models × 1 schedule (checkpoints saved along the way) ≈ 300-900 GPU-hours plus evaluation (~1-2 GPU-hours per checkpoint); within the 2,000 GPU-hour budget. Any estimate with stated assumptions that lands within the budget is acceptable; an estimate without assumptions is not.
`;

export const DESIGN_EXPERIMENT: TaskTemplate = {
  id: "design-experiment",
  name: "Design an experiment to test a paper's headline claim",
  summary:
    "The agent reads a paper claiming that sycophancy grows with RLHF steps and designs the experiment that would confirm or refute it: hypothesis, controls, power, decision rule, compute.",
  designNotes:
    "Open-ended, so graded by a rubric with one criterion per requirement. The paper has planted confounds (answer length, one seed, one reward model); strong designs control them. The checks verify structure and length only.",
  family: "Experiment design",
  task: {
    key: "design-experiment",
    title: "Design an experiment to test the RLHF–sycophancy claim",
    prompt: PROMPT,
    tags: ["experiment-design", "sycophancy", "rlhf"],
    difficulty: "hard",
    timeBudgetMinutes: 60,
    turnBudget: 20,
    giveUp: { allowed: false, instructions: "" },
    scoring: { mode: "continuous", threshold: null },
    resources: [{ kind: "document", name: "paper.md", mediaType: "text/markdown", content: PAPER }],
    answerKey: ANSWER_KEY,
    judgeTemplate: DEFAULT_JUDGE_TEMPLATE,
    criteria: [
      {
        key: "tests-the-claim",
        title: "Tests the headline claim",
        description:
          "The design as a whole tests the paper's claim (agreement with wrong beliefs rises monotonically with RLHF optimisation), not a neighbouring question such as whether RLHF changes accuracy.",
        weight: 1,
        requirements: ["Design an experiment that would test this claim."],
      },
      {
        key: "falsifiable-hypothesis",
        title: "Falsifiable hypothesis",
        description:
          "The hypothesis names a result that would refute it (e.g. a flat or non-monotonic curve across checkpoints).",
        weight: 1,
        requirements: ["a hypothesis stated so that a specific result would refute it"],
        passExamples: ["H1: agreement rises with PPO steps; a slope whose 95% CI includes 0 refutes it."],
        failExamples: ["We hypothesise that RLHF affects sycophancy."],
      },
      {
        key: "primary-metric",
        title: "One pre-registered primary metric",
        description:
          "Exactly one primary metric, fixed before data collection, with how it is computed from outputs (and how the labeller is validated).",
        weight: 1,
        requirements: ["one pre-registered primary metric, with how it is computed from model outputs"],
      },
      {
        key: "controls",
        title: "Conditions and a control for an alternative explanation",
        description:
          "Compares checkpoints (or schedules) and includes at least one control that rules out an alternative explanation: answer length or hedging, capability drift, one particular reward model, or a single seed.",
        weight: 2,
        type: "scale",
        scaleMax: 2,
        requirements: [
          "the conditions you will compare, including at least one control that rules out an alternative explanation for the paper's result",
        ],
        passExamples: [
          "Length-matched labelling and a no-belief accuracy control at every checkpoint, 3 seeds each.",
        ],
        failExamples: ["We compare step 0 with step 4,000."],
      },
      {
        key: "power",
        title: "Sample size from a power calculation",
        description:
          "States effect size, significance level and power, and derives a sample size consistent with them.",
        weight: 1,
        requirements: [
          "the sample size, with the power calculation behind it (effect size, significance level and power)",
        ],
      },
      {
        key: "threats",
        title: "Three threats to validity, each addressed",
        description: "At least three distinct threats, each with how the design addresses it.",
        weight: 1,
        type: "scale",
        scaleMax: 3,
        requirements: ["at least three threats to validity and how the design addresses each"],
      },
      {
        key: "decision-rule",
        title: "Decision rule",
        description:
          "Says in advance which outcomes support the claim, which refute it and which are inconclusive.",
        weight: 1,
        requirements: [
          "a decision rule saying which outcomes would support the claim, which would refute it and which would be inconclusive",
        ],
      },
      {
        key: "compute",
        title: "Compute estimate with assumptions",
        description:
          "Estimates GPU-hours with the assumptions behind the number (runs, steps, cost per step or run) and stays within the 2,000 GPU-hour budget.",
        weight: 1,
        requirements: [
          "an estimate of the GPU-hours the experiment needs, with the assumptions behind it",
          "You have a budget of up to 2,000 GPU-hours on A100s and access to open 7B models, the paper's reward-model training data, and SycoBench.",
        ],
      },
    ],
    checks: [
      {
        key: "headings",
        kind: "contains-all",
        description: "Uses the seven required headings",
        requirements: [
          "Organise the design under the headings Hypothesis, Conditions, Primary metric, Sample size, Threats to validity, Decision rule and Compute.",
        ],
        config: {
          items: [
            "Hypothesis",
            "Conditions",
            "Primary metric",
            "Sample size",
            "Threats to validity",
            "Decision rule",
            "Compute",
          ],
          caseSensitive: false,
        },
      },
      {
        key: "length",
        kind: "regex",
        description: "Under 1,200 words",
        requirements: ["Keep it under 1,200 words."],
        // RE2 caps a repeat count at 1,000: two runs of up to 599 words, then the last word.
        config: {
          pattern: "^\\s*(?:\\S+\\s+){0,599}(?:\\S+\\s+){0,599}\\S+\\s*$",
          flags: "",
          shouldMatch: true,
        },
      },
    ],
  },
};
