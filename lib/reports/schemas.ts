import { z } from "zod";

// Inputs of the report domain: the report's query (API and page alike), the paired comparison and
// the cost-rate form. Empty strings (unfilled form fields) count as absent.

/** pass@k curves stop at this k: past it every curve we have seen is flat and the JSON grows with n. */
export const PASS_AT_K_CAP = 64;
/** The k of the default gap pass@k − pass@1; 8 is also the n below which "no signal" is not called. */
export const DEFAULT_GAP_K = 8;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

export const reportQueryInput = z.object({
  k: z
    .preprocess(blankToUndefined, z.coerce.number().int().min(1).max(PASS_AT_K_CAP).optional())
    .transform((k) => k ?? DEFAULT_GAP_K)
    .describe(`The k of the gap pass@k − pass@1 (1–${PASS_AT_K_CAP}, default ${DEFAULT_GAP_K})`),
});
export type ReportQueryInput = z.input<typeof reportQueryInput>;
export type ReportQuery = z.output<typeof reportQueryInput>;

const modelName = z.string().trim().min(1).max(500);

export const compareQueryInput = z
  .object({
    a: z.preprocess(blankToUndefined, modelName).describe("Model A"),
    b: z.preprocess(blankToUndefined, modelName).describe("Model B"),
  })
  .refine((q) => q.a !== q.b, { message: "Pick two different models.", path: ["b"] });
export type CompareQueryInput = z.input<typeof compareQueryInput>;

const money = z.coerce.number().min(0).max(1_000_000);
const count = (max: number) => z.coerce.number().int().min(0).max(max);

export const costRatesInput = z.object({
  authorHourlyRate: money,
  reviewerHourlyRate: money,
  judgeInputPricePerMillion: money,
  judgeOutputPricePerMillion: money,
  judgeInputTokensPerRollout: count(10_000_000),
  judgeOutputTokensPerRollout: count(10_000_000),
  rolloutsPerTask: count(10_000),
  reviewedRolloutsPerTask: count(10_000),
});
export type CostRatesInput = z.input<typeof costRatesInput>;
export type CostRates = z.output<typeof costRatesInput>;

export const updateCostRatesInput = costRatesInput
  .extend({ environment: z.string().trim().min(1).max(200) })
  .refine((r) => r.reviewedRolloutsPerTask <= r.rolloutsPerTask, {
    message: "A task cannot have more reviewed rollouts than rollouts.",
    path: ["reviewedRolloutsPerTask"],
  });
export type UpdateCostRatesInput = z.input<typeof updateCostRatesInput>;
