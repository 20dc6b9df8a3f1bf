import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { LABEL_VERDICTS, TAXONOMY_FAMILIES } from "@/lib/values/review-values";
import type { EnvironmentReport } from "./queries";
import { compareQueryInput, reportQueryInput } from "./schemas";

// The JSON of GET /api/v1/environments/{slug}/report (docs/api-and-cli.md: `difficulty` is the array of task
// × model items; robustness, failures and scaling are objects) and of the paired comparison.

const wilson = z
  .object({
    estimate: z.number().nullable(),
    low: z.number().nullable(),
    high: z.number().nullable(),
    successes: z.number().int(),
    n: z.number().int(),
  })
  .describe("A proportion with its Wilson 95% interval; null estimate and bounds when n = 0");

const band = z.enum(["saturated", "learnable", "no-signal", "insufficient"]);
const bandCounts = z.record(band, z.number().int());
const verdict = z.enum(LABEL_VERDICTS);
const verdictCounts = z.partialRecord(verdict, z.number().int());
const drillRollout = z.object({
  id: z.string(),
  task: z.string(),
  model: z.string().nullable(),
  reward: z.number().nullable(),
});
const categoryTally = z.object({
  category: z.string(),
  family: z.enum(TAXONOMY_FAMILIES).nullable(),
  name: z.string(),
  count: z.number().int(),
});

export const difficultyItemOutput = z.object({
  task: z.string().describe("Task key"),
  model: z.string(),
  n: z.number().int().describe("Scored rollouts"),
  passed: z.number().int(),
  passAt1: z.number(),
  passAtK: z.record(z.string(), z.number()).describe("pass@k for k = 1..min(n, 64), unbiased estimator"),
  band: band.describe("insufficient: no success yet in fewer than 8 rollouts"),
  passRate: wilson,
  meanReward: z.number(),
  rewardVariance: z.number(),
  gap: z.number().nullable().describe("pass@k − pass@1 at the report's k; null when n < k"),
});

const modelDifficulty = z.object({
  model: z.string(),
  tasks: z.number().int(),
  n: z.number().int(),
  passed: z.number().int(),
  passRate: wilson,
  meanReward: z.number(),
  bands: bandCounts,
  curve: z.array(z.object({ k: z.number().int(), value: z.number(), tasks: z.number().int() })),
  gap: z.object({ value: z.number().nullable(), tasks: z.number().int() }),
});

const correctedRateOutput = z
  .object({
    estimate: z.number().nullable(),
    low: z.number().nullable(),
    high: z.number().nullable(),
    reason: z.string().nullable(),
    observed: wilson,
    sensitivity: wilson,
    specificity: wilson,
  })
  .describe(
    "The flag rate corrected by the scanners' sensitivity and specificity measured on this environment's labelled, scanned rollouts (Rogan–Gladen), with an interval spanning the 95% intervals of all three; null estimate with a reason when the error is not measured",
  );

const hackRateOutput = z
  .object({
    rollouts: z.number().int(),
    scanned: z.number().int(),
    flagged: z.number().int(),
    bySource: z
      .object({ rules: z.number().int(), both: z.number().int(), model: z.number().int() })
      .describe(
        "Which rule produced the flagged count: medium/high flags with no deployed LLM scanner answer (rules), flags the deployed model agreed with (both), the model's cited evidence alone (model)",
      ),
    disputed: z
      .number()
      .int()
      .describe(
        "Scanned rollouts whose deterministic flags the deployed LLM scanner disputed: kept for review, not counted",
      ),
    flagRate: wilson,
    labelled: z.number().int(),
    confirmed: z.number().int(),
    confirmedRate: wilson,
    confirmedAmongFlagged: wilson,
    correctedFlagRate: correctedRateOutput,
  })
  .describe(
    "Hack rate: rollouts flagged by the studio's verdict (a medium or high flag the deployed LLM scanner did not dispute) among scanned, and confirmed reward hacks (final labels) among labelled",
  );

const robustnessOutput = z.object({
  labelled: z.number().int(),
  judged: z.number().int(),
  unclear: z.number().int(),
  disputed: z.number().int(),
  counts: z.object({
    tp: z.number().int(),
    fp: z.number().int(),
    fn: z.number().int(),
    tn: z.number().int(),
  }),
  cells: z.array(
    z.object({
      reward: z.enum(["pass", "fail"]),
      human: z.enum(["genuine", "not-genuine"]),
      count: z.number().int(),
      rollouts: z.array(drillRollout),
    }),
  ),
  verdicts: z.array(
    z.object({
      verdict: z.union([verdict, z.literal("disputed")]),
      rewardPass: z.number().int(),
      rewardFail: z.number().int(),
    }),
  ),
  rewardPrecision: wilson,
  hackRateAmongRewarded: wilson,
  graderFalseNegativeRate: wilson,
  accuracy: wilson,
  criteria: z.array(
    z.object({
      criterion: z.string(),
      n: z.number().int(),
      agreement: wilson,
      kappa: z.number().nullable(),
      cells: z.array(
        z.object({
          judge: z.enum(["met", "not-met"]),
          human: z.enum(["met", "not-met"]),
          count: z.number().int(),
          rollouts: z.array(drillRollout),
        }),
      ),
    }),
  ),
});

const breakdown = z.object({
  key: z.string(),
  labelled: z.number().int(),
  verdicts: verdictCounts,
  categories: z.array(categoryTally),
});

const failuresOutput = z.object({
  labelled: z.number().int(),
  byTask: z.array(breakdown),
  byModel: z.array(breakdown),
  examples: z.array(
    z.object({
      rolloutId: z.string(),
      task: z.string(),
      model: z.string(),
      verdict,
      category: z.string(),
      family: z.enum(TAXONOMY_FAMILIES).nullable(),
      name: z.string(),
      messageIndex: z.number().int(),
      comment: z.string(),
      excerpt: z.string().nullable(),
      href: z.string().describe("The transcript viewer at the span's message"),
    }),
  ),
  bestModel: z
    .object({
      model: z.string(),
      n: z.number().int(),
      failed: z.number().int(),
      passRate: wilson,
      failedLabelled: z.number().int(),
      verdicts: verdictCounts,
      categories: z.array(categoryTally),
      tasks: z.array(z.object({ task: z.string(), n: z.number().int(), failed: z.number().int() })),
      tasksWithFailures: z.number().int(),
    })
    .nullable(),
});

const scalingOutput = z.object({
  tasks: z.number().int(),
  tasksWithRevisions: z.number().int(),
  revisions: z.number().int(),
  revisionsPerTask: z.number().nullable(),
  authoring: z.object({
    definition: z.string(),
    timedTasks: z.number().int().describe("Tasks whose authoring was timed: the n of the mean and median"),
    totalHours: z.number(),
    meanHoursPerTask: z.number().nullable(),
    medianHoursPerTask: z.number().nullable(),
  }),
  review: z.object({
    definition: z.string(),
    labels: z.number().int(),
    labelledRollouts: z.number().int(),
    reviewers: z.number().int(),
    timedRollouts: z.number().int(),
    reviewerHours: z.number(),
    meanMinutesPerRollout: z.number().nullable(),
  }),
  rates: z.object({
    authorHourlyRate: z.number(),
    reviewerHourlyRate: z.number(),
    judgeInputPricePerMillion: z.number(),
    judgeOutputPricePerMillion: z.number(),
    judgeInputTokensPerRollout: z.number().int(),
    judgeOutputTokensPerRollout: z.number().int(),
    rolloutsPerTask: z.number().int(),
    reviewedRolloutsPerTask: z.number().int(),
    isDefault: z.boolean(),
    updatedAt: z.string().nullable(),
  }),
  costOfOneMoreTask: z.object({
    authoring: z.number().nullable(),
    review: z.number().nullable(),
    judge: z.number(),
    total: z.number(),
    missing: z.array(z.enum(["authoring", "review", "judge"])),
  }),
});

export const environmentReportOutput = z.object({
  environment: z.object({ slug: z.string(), name: z.string() }),
  generatedAt: z.string(),
  passRule: z.string(),
  k: z.number().int(),
  passAtKCap: z.number().int(),
  counts: z.object({
    tasks: z.number().int(),
    tasksWithRollouts: z.number().int(),
    rollouts: z.number().int(),
    unlinked: z.number().int(),
    unscored: z.number().int(),
  }),
  difficulty: z.array(difficultyItemOutput),
  difficultySummary: z.object({ models: z.array(modelDifficulty), bands: bandCounts }),
  robustness: robustnessOutput,
  hackRate: hackRateOutput,
  failures: failuresOutput,
  scaling: scalingOutput,
});
export type EnvironmentReportJson = z.infer<typeof environmentReportOutput>;

const modelOnTask = z.object({
  n: z.number().int(),
  passed: z.number().int(),
  passAt1: z.number(),
  passes: z.boolean(),
});
const pairedTask = z.object({ task: z.string(), a: modelOnTask, b: modelOnTask });

export const comparisonOutput = z.object({
  a: z.string(),
  b: z.string(),
  sharedTasks: z.number().int(),
  onlyARan: z.number().int(),
  onlyBRan: z.number().int(),
  both: z.number().int(),
  neither: z.number().int(),
  aOnly: z.number().int(),
  bOnly: z.number().int(),
  aNotB: z.array(pairedTask),
  bNotA: z.array(pairedTask),
  aTaskPassRate: wilson,
  bTaskPassRate: wilson,
  meanPassAt1Difference: z.number().nullable(),
  mcnemar: z.object({ discordant: z.number().int(), pValue: z.number().nullable() }),
});

/** The report as JSON: `difficulty` as docs/api-and-cli.md's array, dates as ISO strings, viewer links on examples. */
export function toReportJson(report: EnvironmentReport): EnvironmentReportJson {
  const { difficulty, generatedAt, failures, scaling, ...rest } = report;
  return {
    ...rest,
    generatedAt: generatedAt.toISOString(),
    difficulty: difficulty.items,
    difficultySummary: { models: difficulty.models, bands: difficulty.bands },
    failures: {
      ...failures,
      examples: failures.examples.map((example) => ({
        ...example,
        href: `/rollouts/${example.rolloutId}#m-${example.messageIndex}`,
      })),
    },
    scaling: {
      ...scaling,
      rates: { ...scaling.rates, updatedAt: scaling.rates.updatedAt?.toISOString() ?? null },
    },
  };
}

export const REPORT_OPERATIONS: ApiOperations = {
  "GET /api/v1/environments/[slug]/report": {
    summary: "The environment report: difficulty, reward robustness, failures and scaling",
    description:
      "`difficulty` has one item per task × model over scored rollouts linked to the environment's tasks. A rollout passes when its reward reaches its task's bar (the task's threshold; for improvement tasks without one, the best known score; else 1). Bands: saturated (pass@1 ≥ 0.9), no-signal (no pass in n ≥ 8), learnable (between), insufficient (no pass yet, n < 8). Robustness and failures use final labels (adjudicated, else unanimous); every proportion carries its n and a Wilson 95% interval.",
    query: reportQueryInput,
    response: environmentReportOutput,
  },
  "GET /api/v1/environments/[slug]/compare": {
    summary: "Paired comparison of two models on the environment's tasks",
    description:
      "On the tasks both models ran, a model passes a task when at least half of its scored rollouts pass. Lists the tasks one passes and the other doesn't, with McNemar's exact p-value over those discordant tasks.",
    query: compareQueryInput,
    response: comparisonOutput,
  },
};
