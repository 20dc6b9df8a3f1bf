import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { importFileSummaryOutput, importFormatInput, importSummaryOutput, rewardKeyInput } from "./schemas";

export const importQuery = z.object({
  format: importFormatInput.optional(),
  environment: z.string().trim().min(1).max(64).optional(),
  rewardKey: rewardKeyInput.optional(),
  /** The file name of a raw body (multipart parts carry their own). */
  filename: z.string().max(200).optional(),
  /** `1`: answer 202 with the run at once and import in the background (the UI does this). */
  background: z.enum(["0", "1"]).optional(),
});

export const importRunOutput = z.object({
  id: z.string(),
  status: z.enum(["pending", "running", "completed", "failed"]),
  /** Named after the environment the files name (verifiers metadata.json), else null. */
  name: z.string().nullable(),
  source: z.string(),
  /** The environment rollouts were linked to (its slug), or null when none was chosen. */
  environment: z.string().nullable(),
  format: z.string(),
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  unlinked: z.number().int(),
  bytesRead: z.number(),
  bytesTotal: z.number(),
  errors: z.array(
    z.object({
      file: z.string(),
      record: z.number().optional(),
      line: z.number().optional(),
      message: z.string(),
    }),
  ),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Per file, once the import has finished: its format, counts, skipped records and warnings. */
  files: z.array(importFileSummaryOutput).default([]),
});
export type ImportRunOutput = z.infer<typeof importRunOutput>;

export const IMPORT_OPERATIONS: ApiOperations = {
  "POST /api/v1/imports": {
    summary: "Import rollouts from a transcript file",
    description:
      "Send the file as the raw body (name it with ?filename=) or as multipart field(s) named `file`. The format is detected unless ?format= is given; ?environment= links rollouts to that environment's tasks by task key. Answers with the import summary; with ?background=1, answers 202 with the run and job ids at once and imports as a background job (follow it with GET /api/v1/jobs/{job} or GET /api/v1/imports/{run}).",
    query: importQuery,
    body: z.string().describe("the file"),
    bodyContentType: "application/octet-stream",
    response: z.union([
      importSummaryOutput,
      z
        .object({ run: z.string(), job: z.string() })
        .describe("With ?background=1 (status 202): the run and its import job, at once"),
    ]),
  },
  "GET /api/v1/imports/[id]": {
    summary: "An import run with its progress and per-record errors",
    response: importRunOutput,
  },
};
