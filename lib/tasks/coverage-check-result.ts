import { z } from "zod";

// What a coverage-check job returns (coverage-check-job.ts): per task, the open findings by kind and
// by who found them, disputed rule findings apart, and the model review's status. Parsed on the way
// back to the page (a job's result is JSON from the database).

export const coverageCheckTask = z.object({
  task: z.string(),
  errors: z.number().int(),
  warnings: z.number().int(),
  /** Rule findings the model disputed: kept visible on the task page, not counted. */
  disputed: z.number().int(),
  byKind: z.record(z.string(), z.number().int()),
  bySource: z.object({ rules: z.number().int(), model: z.number().int(), both: z.number().int() }),
  review: z
    .object({
      status: z.enum(["reviewed", "unreadable", "failed"]),
      message: z.string().optional(),
      cached: z.boolean(),
    })
    .nullable(),
});

export const coverageCheckResult = z.object({
  slug: z.string(),
  mode: z.enum(["rules", "model"]),
  tasks: z.array(coverageCheckTask),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number(), costUsd: z.number() }),
});

export type CoverageCheckTask = z.infer<typeof coverageCheckTask>;
export type CoverageCheckResult = z.infer<typeof coverageCheckResult>;
