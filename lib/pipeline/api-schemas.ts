import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { jobOutput } from "@/lib/jobs/schemas";
import { startJobBody } from "./start-job-from-api";

// The OpenAPI operation of POST /api/v1/jobs, which starts a job of any kind the API offers.

export const PIPELINE_OPERATIONS: ApiOperations = {
  "POST /api/v1/jobs": {
    summary: "Start a background job",
    description:
      'Judging: {"kind":"judge","judge":"<judge id>","filter":{…rollout filters…}} judges exactly the rollouts of the judge\'s environment the filter matches when the job starts (400 when none match, or the filter names another environment); the job reports `usage` (tokens and dollars so far), and rollouts where a judge\'s panel splits or it contradicts the reward then join every "judge-disagreements" review queue. Reward-hack scan: {"kind":"scan","filter":{…}}; LLM scanner: {"kind":"llm-scan","purpose":"run"|"calibrate","version"?:"<version id>","filter":{…}} (run: the deployed version over the rollouts it has not answered; calibrate: a version, default the latest, over reviewer-labelled rollouts). Search indexing: {"kind":"search-index"}; owners: {"kind":"probe","key":"…"} (a no-op that proves a worker runs). Answers 201 with the job; follow it with GET /api/v1/jobs/{id}.',
    body: startJobBody,
    response: jobOutput.extend({ version: z.number().int().optional() }),
  },
};
