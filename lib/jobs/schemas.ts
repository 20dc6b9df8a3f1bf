import { z } from "zod";

export const JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobIdInput = z.object({ id: z.string().uuid("No such job.") });

export const listJobsInput = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  kind: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The createdAt|id of the last item of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type ListJobsInput = z.input<typeof listJobsInput>;

/** A job as the API and the Jobs page see it. */
export const jobOutput = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  startedBy: z.string(),
  total: z.number().int().nullable(),
  done: z.number().int(),
  failed: z.number().int(),
  /** 0–1 when the job measures progress other than by items (null: use done/total). */
  fraction: z.number().nullable(),
  errors: z.array(z.object({ item: z.string(), message: z.string(), at: z.string() })),
  error: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  /** What the job has spent so far, for kinds that call paid models (judging): tokens and dollars. */
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number(), costUsd: z.number() }).optional(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type JobOutput = z.infer<typeof jobOutput>;
