import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { JOB_STATUSES, jobOutput } from "./schemas";

export const jobListQuery = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  kind: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
});

/** `POST /api/v1/jobs`: the kind picks the rest of the body (lib/jobs/api-starters.ts). */
export const startJobBody = z.object({ kind: z.string().min(1).max(100) }).loose();

export const JOB_OPERATIONS: ApiOperations = {
  "GET /api/v1/jobs": {
    summary: "Background jobs of the workspace, newest first",
    description:
      "Imports, search indexing, judging, scanning: each with its status, progress and item errors.",
    query: jobListQuery,
    response: z.object({ items: z.array(jobOutput), nextCursor: z.string().nullable() }),
  },
  "POST /api/v1/jobs": {
    summary: "Start a background job",
    description:
      'The body\'s `kind` picks the job and the rest of its fields, e.g. `{"kind":"search-index"}` (make every imported rollout searchable) or, for owners, `{"kind":"probe","key":"…"}` (a no-op job that proves a worker runs). Answers 202 with the job\'s id; follow it with GET /api/v1/jobs/{id}.',
    body: startJobBody,
    response: z.object({ id: z.string() }),
  },
  "GET /api/v1/jobs/[id]": {
    summary: "A job: status (queued, running, succeeded, failed, cancelled), counts, errors",
    response: jobOutput,
  },
  "POST /api/v1/jobs/[id]/cancel": {
    summary: "Cancel a queued or running job",
    description:
      "A running job stops within a few seconds and keeps what it did. 409 when it has already ended.",
    response: jobOutput,
  },
  "POST /api/v1/jobs/[id]/retry": {
    summary: "Queue a failed or cancelled job again, with all its attempts",
    response: jobOutput,
  },
};
