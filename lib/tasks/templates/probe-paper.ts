// The fictional paper behind the critique templates, in two versions that differ only where the
// flawed one cuts corners. The sound version is the control: a critic who "finds" the same flaws
// there is pattern-matching the topic, not reading the paper.

type Version = "flawed" | "sound";

export function writeProbePaper(version: Version): string {
  const flawed = version === "flawed";
  return `# Linear Probes Detect Deception Across Model Families

**Abstract.** We train linear probes on the residual stream of chat models to tell apart answers the model was instructed to make deceptive from honest ones. ${
    flawed
      ? "Probes reach an AUROC of **0.99** on held-out prompts and transfer across model families, suggesting a universal linear representation of deception."
      : "Probes reach an AUROC of **0.93** (95% CI 0.91–0.95) on held-out prompts written independently of the training prompts, and transfer to two other model families with AUROC 0.81–0.86."
  }

## 1. Data
We wrote 400 scenario prompts in which the model is told either to answer honestly or to mislead the user (200 of each). ${
    flawed
      ? "The test set (48 prompts) was created by paraphrasing randomly chosen training prompts with a language model, so that test prompts read differently from the training prompts."
      : "A separate team wrote 1,200 test prompts from a shared guideline without seeing the training prompts; we removed test prompts with a 5-gram overlap above 20% with any training prompt (31 removed)."
  }

## 2. Method
We collect residual-stream activations at the last token of the answer and fit an L2-regularised logistic regression. ${
    flawed
      ? "We selected the layer and the regularisation strength that gave the best test-set AUROC."
      : "We selected the layer and the regularisation strength by 5-fold cross-validation on the training prompts only."
  } ${
    flawed
      ? "Probe training is stochastic (minibatch order); we trained 20 probes with different seeds and report the best."
      : "Probe training is stochastic (minibatch order); we trained 20 probes with different seeds and report the mean and standard deviation."
  }

## 3. Results
${
  flawed
    ? `| Model | Test AUROC |
|---|---|
| Family A 7B (train) | 0.99 |
| Family A 13B (transfer) | 0.97 |

The probe trained on the 7B model transfers to the 13B model with almost no loss, which shows that the deception direction is shared across model families.`
    : `| Model | Test AUROC (mean ± sd over 20 seeds) |
|---|---|
| Family A 7B (train) | 0.93 ± 0.01 |
| Family B 8B (transfer) | 0.86 ± 0.02 |
| Family C 9B (transfer) | 0.81 ± 0.03 |

Confidence intervals are from 1,000 bootstrap resamples of the test prompts.`
}

## 4. Limitations
All deception in our data is instructed: the model is told to mislead. Probes may not detect deception the model adopts on its own initiative, which we leave to future work. We study English prompts only.
`;
}
