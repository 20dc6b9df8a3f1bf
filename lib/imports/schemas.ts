import { z } from "zod";
import { IMPORT_FORMATS } from "./types";

export const importFormatInput = z.enum(IMPORT_FORMATS, {
  message: `Unknown format. Use one of: ${IMPORT_FORMATS.join(", ")}.`,
});

/** A score's name to take the reward from: `accuracy`, or `scorer.accuracy` for an Inspect dict score. */
export const rewardKeyInput = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe(
    "The score to take each rollout's reward from: its full name (`match.accuracy`) or the last part (`accuracy`) when that names one score",
  );

export const importOptionsInput = z.object({
  format: importFormatInput.optional(),
  environment: z.string().trim().min(1).max(64).optional(),
  rewardKey: rewardKeyInput.optional(),
});
export type ImportOptionsInput = z.infer<typeof importOptionsInput>;

export const importErrorOutput = z.object({
  file: z.string(),
  record: z.number().int().optional(),
  line: z.number().int().optional(),
  message: z.string(),
});

/** What happened to one file: the format it was read as, its counts, or why it was not imported. */
export const importFileSummaryOutput = z.object({
  file: z.string(),
  format: z
    .string()
    .nullable()
    .describe("The format the file was read as (detected unless given); null when none"),
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  note: z.string().optional(),
  warnings: z
    .array(z.string())
    .optional()
    .describe(
      "What the file's rollouts lack or left open (an ambiguous reward, a reward key they don't have), with counts",
    ),
  skippedRecords: z
    .record(z.string(), z.number().int())
    .optional()
    .describe(
      "Records that are not part of the transcript (a Claude Code session's attachment or queue-operation lines), skipped and counted by type",
    ),
});
export type ImportFileSummary = z.infer<typeof importFileSummaryOutput>;

/** The summary `studio import` prints and `POST /api/v1/imports` answers (docs/api-and-cli.md). */
export const importSummaryOutput = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  errors: z.array(importErrorOutput),
  run: z.string().nullable(),
  unlinked: z.number().int(),
  /** Per file, in order (older job results have none). */
  files: z.array(importFileSummaryOutput).default([]),
});
export type ImportSummary = z.infer<typeof importSummaryOutput>;
