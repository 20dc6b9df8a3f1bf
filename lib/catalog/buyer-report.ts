import { z } from "zod";

// The part of a version's report a buyer reads, picked by an allow-list schema (zod drops every
// key it doesn't name): figures and category names, never a rollout id, a transcript excerpt, a
// link into the studio or anyone's name. Each section parses on its own, so a report from an
// older studio shows what it can.

const wilson = z.object({
  estimate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  successes: z.number(),
  n: z.number(),
});
export type Wilson = z.output<typeof wilson>;

const counts = z.record(z.string(), z.number());
const category = z.object({ category: z.string(), name: z.string(), count: z.number() });

const difficulty = z.object({
  items: z.array(
    z.object({
      task: z.string(),
      model: z.string(),
      n: z.number(),
      passed: z.number(),
      passAt1: z.number(),
      band: z.string(),
    }),
  ),
  models: z.array(
    z.object({
      model: z.string(),
      tasks: z.number(),
      n: z.number(),
      passed: z.number(),
      passRate: wilson,
      bands: counts,
      curve: z.array(z.object({ k: z.number(), value: z.number(), tasks: z.number() })),
    }),
  ),
  bands: counts,
});

const robustness = z.object({
  labelled: z.number(),
  judged: z.number(),
  counts: z.object({ tp: z.number(), fp: z.number(), fn: z.number(), tn: z.number() }),
  verdicts: z.array(z.object({ verdict: z.string(), rewardPass: z.number(), rewardFail: z.number() })),
  rewardPrecision: wilson,
  hackRateAmongRewarded: wilson,
  graderFalseNegativeRate: wilson,
  accuracy: wilson,
  criteria: z.array(
    z.object({ criterion: z.string(), n: z.number(), agreement: wilson, kappa: z.number().nullable() }),
  ),
});

const correctedRate = z.object({
  estimate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  reason: z.string().nullable(),
  sensitivity: wilson,
  specificity: wilson,
});
export type CorrectedRate = z.output<typeof correctedRate>;

const hackRate = z.object({
  scanned: z.number(),
  flagged: z.number(),
  /** Absent in reports published before the one-verdict rule (issue #30). */
  bySource: z.object({ rules: z.number(), both: z.number(), model: z.number() }).optional(),
  disputed: z.number().optional(),
  flagRate: wilson,
  labelled: z.number(),
  confirmed: z.number(),
  confirmedRate: wilson,
  confirmedAmongFlagged: wilson,
  /** Absent in reports of versions approved before the studio corrected for scanner error. */
  correctedFlagRate: correctedRate.nullable().catch(null),
});

const breakdown = z.object({
  key: z.string(),
  labelled: z.number(),
  verdicts: counts,
  categories: z.array(category),
});

const failures = z.object({
  labelled: z.number(),
  byTask: z.array(breakdown),
  byModel: z.array(breakdown),
  bestModel: z
    .object({
      model: z.string(),
      n: z.number(),
      failed: z.number(),
      passRate: wilson,
      failedLabelled: z.number(),
      verdicts: counts,
      categories: z.array(category),
      tasks: z.array(z.object({ task: z.string(), n: z.number(), failed: z.number() })),
      tasksWithFailures: z.number(),
    })
    .nullable(),
});

const scaling = z.object({
  tasks: z.number(),
  revisionsPerTask: z.number().nullable(),
  authoring: z.object({
    definition: z.string(),
    /** Absent in reports of versions approved before the studio counted untimed tasks apart. */
    timedTasks: z.number().nullable().catch(null),
    meanHoursPerTask: z.number().nullable(),
    medianHoursPerTask: z.number().nullable(),
  }),
  review: z.object({
    definition: z.string(),
    labelledRollouts: z.number(),
    meanMinutesPerRollout: z.number().nullable(),
  }),
  costOfOneMoreTask: z.object({
    authoring: z.number().nullable(),
    review: z.number().nullable(),
    judge: z.number(),
    total: z.number(),
    missing: z.array(z.string()),
  }),
});

export type BuyerReport = {
  difficulty: z.output<typeof difficulty> | null;
  robustness: z.output<typeof robustness> | null;
  /** Null for versions approved before the studio measured it. */
  hackRate: z.output<typeof hackRate> | null;
  failures: z.output<typeof failures> | null;
  scaling: z.output<typeof scaling> | null;
};

function pick<T>(schema: z.ZodType<T>, value: unknown): T | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function toBuyerReport(report: Record<string, unknown> | null): BuyerReport {
  if (!report) return { difficulty: null, robustness: null, hackRate: null, failures: null, scaling: null };
  const summary = (report.difficultySummary ?? {}) as Record<string, unknown>;
  return {
    difficulty: pick(difficulty, { items: report.difficulty, models: summary.models, bands: summary.bands }),
    robustness: pick(robustness, report.robustness),
    hackRate: pick(hackRate, report.hackRate),
    failures: pick(failures, report.failures),
    scaling: pick(scaling, report.scaling),
  };
}

/** The model with the best pass@1 (mean over its tasks), with that pass@1. */
export function findBestModel(report: BuyerReport): { model: string; passAt1: number; tasks: number } | null {
  const models = report.difficulty?.models ?? [];
  let best: { model: string; passAt1: number; tasks: number } | null = null;
  for (const m of models) {
    const passAt1 = m.curve.find((p) => p.k === 1)?.value ?? m.passRate.estimate;
    if (passAt1 === null || passAt1 === undefined) continue;
    if (!best || passAt1 > best.passAt1 || (passAt1 === best.passAt1 && m.model < best.model)) {
      best = { model: m.model, passAt1, tasks: m.tasks };
    }
  }
  return best;
}
