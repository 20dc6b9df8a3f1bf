import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { JOB_STATUSES, jobOutput } from "./schemas";

export const jobListQuery = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  kind: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
});

export const JOB_OPERATIONS: ApiOperations = {
  "GET /api/v1/jobs": {
    summary: "Background jobs of the workspace, newest first",
    description:
      "Imports, search indexing, judging, scanning: each with its status, progress and item errors.",
    query: jobListQuery,
    response: z.object({ items: z.array(jobOutput), nextCursor: z.string().nullable() }),
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
