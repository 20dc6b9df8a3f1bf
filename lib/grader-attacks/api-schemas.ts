import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { EXPORT_FORMATS } from "@/lib/exports/formats";
import { jobOutput } from "@/lib/jobs/schemas";
import { attackReport } from "./report";

// The attack routes of /api/v1 (docs/api-and-cli.md): start an attack run, list and read them, and
// hand a successful attack to the reward-hack corpus.

export const startAttackBody = z.object({
  version: z.number().int().min(1).optional().describe("An approved version; the draft when omitted."),
  format: z.enum(EXPORT_FORMATS).optional().describe("One export format; every format when omitted."),
  provider: z
    .string()
    .optional()
    .describe(
      "A workspace provider's name: it writes modelAttacks adversarial answers per task and judges the rubric criteria. Without one, judge-graded criteria are not attacked.",
    ),
  modelAttacks: z
    .number()
    .int()
    .min(0)
    .max(10)
    .optional()
    .describe("Model-written attacks per task with a provider (default 3)."),
});

const runSummary = z.object({
  jobId: z.string(),
  status: z.string(),
  target: z.string(),
  version: z.number().int().nullable(),
  done: z.number().int(),
  total: z.number().int().nullable(),
  startedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  report: attackReport.nullable(),
  contentSha: z.string().nullable(),
});

const attackDetail = z.object({
  id: z.string(),
  task: z.string(),
  format: z.string(),
  attack: z.string(),
  family: z.string(),
  score: z.number().nullable(),
  passBar: z.number(),
  succeeded: z.boolean(),
  reason: z.string(),
  answer: z.string(),
  graderOutput: z.string(),
  letThrough: z.array(z.string()),
  corpusRolloutId: z.string().nullable(),
});

export const ATTACK_OPERATIONS: ApiOperations = {
  "POST /api/v1/environments/[slug]/attacks": {
    summary: "Attack every task's grader (a background job)",
    description:
      "Runs the attack battery (non-solutions, scripted hacks for graders that run programs) through each format's exported grader in the sandbox. Poll GET /api/v1/jobs/{id} or GET …/attacks/{id}; the job's result is the object `studio attack` prints. Starting the same target twice while one is queued returns the queued job.",
    body: startAttackBody,
    response: z.object({ job: jobOutput }),
  },
  "GET /api/v1/environments/[slug]/attacks": {
    summary: "The environment's latest attack runs",
    response: z.object({ items: z.array(runSummary), nextCursor: z.null() }),
  },
  "GET /api/v1/environments/[slug]/attacks/[id]": {
    summary:
      "One attack run: its report and every graded attack (answer, score, grader output, what let it through)",
    response: runSummary.extend({ attacks: z.array(attackDetail) }),
  },
  "POST /api/v1/attacks/[id]/corpus": {
    summary: "Add a successful attack to the reward-hack corpus",
    description:
      'Stores the attack as a rollout of the environment\'s "Grader attacks" run labelled a reward hack, so corpus replay grades it against later versions. A second call returns the same rollout.',
    response: z.object({ rolloutId: z.string(), added: z.boolean() }),
  },
};
