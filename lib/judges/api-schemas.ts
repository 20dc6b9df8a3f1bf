import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { createJudgeInput, tryRubricInput } from "./schemas";

// Response shapes and OpenAPI operations of judges, judge jobs and judgments.

export const calibrationQuery = z.object({
  version: z.coerce.number().int().min(1).optional().describe("A judge version number; default the latest"),
});

const versionOutput = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.enum(["draft", "deployed", "retired"]),
  fingerprint: z.string(),
  models: z.array(z.string()),
  isCalibrationPassed: z.boolean().nullable(),
  calibratedAt: z.string().nullable(),
  deployedAt: z.string().nullable(),
  createdAt: z.string(),
  judgments: z.number().int(),
  unevaluable: z.number().int(),
  costUsd: z.number(),
  seededJudgments: z.number().int().describe("Judgments the demo seed stored without calling a model"),
  seeded: z
    .string()
    .nullable()
    .describe(
      '"seeded demo data: no model was called" when the version\'s figures come from seeded judgments',
    ),
});

const judgeOutput = z.object({
  id: z.string(),
  name: z.string(),
  environment: z.string(),
  provider: z.string(),
  panel: z.array(z.string()),
  criteria: z.union([z.literal("all"), z.array(z.string())]),
  template: z.string(),
  temperature: z.number(),
  maxTokens: z.number().int(),
  bar: z.object({ minKappaLower: z.number(), minHeldOut: z.number().int() }),
  archivedAt: z.string().nullable(),
  versions: z.array(versionOutput),
});

const interval = z
  .object({
    estimate: z.number().nullable(),
    low: z.number().nullable(),
    high: z.number().nullable(),
    n: z.number(),
  })
  .loose();
const agreement = z
  .object({
    n: z.number().int(),
    rollouts: z.number().int(),
    kappa: z
      .object({
        kappa: z.number().nullable(),
        lower: z.number().nullable(),
        upper: z.number().nullable(),
        n: z.number(),
      })
      .loose(),
    accuracy: interval,
    precisionMet: interval,
    recallMet: interval,
    unevaluable: z.number().int(),
    confusion: z
      .object({ labels: z.array(z.string()) })
      .loose()
      .describe("counts and refs (rollout ids) per human × judge category"),
  })
  .loose();
const setReport = z.object({ overall: agreement, criteria: z.array(agreement.extend({ key: z.string() })) });

export const calibrationOutput = z
  .object({
    judgeId: z.string(),
    versionId: z.string(),
    version: z.number().int(),
    status: z.enum(["draft", "deployed", "retired"]),
    unjudgedRollouts: z.number().int(),
    seededJudgments: z.number().int().describe("Judgments the demo seed stored without calling a model"),
    seeded: z
      .string()
      .nullable()
      .describe('"seeded demo data: no model was called" when these figures come from seeded judgments'),
    report: z.object({
      bar: z.object({ minKappaLower: z.number(), minHeldOut: z.number() }),
      dev: setReport,
      heldOut: setReport,
      pending: z.number().int(),
      isPassed: z.boolean(),
      reasons: z.array(z.string()),
    }),
  })
  .nullable();

export const judgmentOutput = z.object({
  judge: z.string(),
  judgeId: z.string(),
  version: z.number().int(),
  versionStatus: z.enum(["draft", "deployed", "retired"]),
  criterion: z.string(),
  status: z.enum(["scored", "unevaluable"]),
  score: z.number().nullable(),
  verdict: z.string().nullable().describe("met / not-met for binary criteria"),
  reason: z.string(),
  evidence: z.array(z.object({ message: z.number().int(), quote: z.string() })),
  rawAnswer: z.string().nullable().describe("The model's answer, kept when it couldn't be read"),
  model: z.string(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  costUsd: z.number(),
  disagreement: z
    .number()
    .nullable()
    .describe("Panels: share of members off the majority (binary) or spread (scales)"),
  createdAt: z.string(),
});

export const JUDGE_OPERATIONS: ApiOperations = {
  "GET /api/v1/environments/[slug]/judges": {
    summary: "List an environment's judges with their versions",
    response: z.object({ items: z.array(judgeOutput), nextCursor: z.null() }),
  },
  "POST /api/v1/environments/[slug]/judges": {
    summary: "Create a judge (its first version is frozen at once)",
    description:
      'The body {"name","provider","criteria","panel"?}, plus optional template, temperature and maxTokens. Answers 201 with {"id","name","version","versionId"}.',
    body: createJudgeInput,
    response: z.object({
      id: z.string(),
      name: z.string(),
      version: z.number().int(),
      versionId: z.string(),
    }),
  },
  "GET /api/v1/judges/[id]": { summary: "Read a judge with its versions", response: judgeOutput },
  "GET /api/v1/judges/[id]/calibration": {
    summary: "A judge version's calibration against expert labels",
    description:
      "Per criterion and overall, on the development and held-out sets: Cohen's kappa with its 95% interval, accuracy, precision and recall for met, confusion matrices with rollout ids, n; and whether the held-out figures clear the judge's bar. Null when the judge has no version.",
    query: calibrationQuery,
    response: calibrationOutput,
  },
  "POST /api/v1/judges/[id]/try": {
    summary: "Try the judge on a pasted answer or a stored rollout (nothing is stored)",
    description: "Answers with the prompt sent, every raw answer, the parsed result, tokens and cost.",
    body: z.object({
      taskKey: z.string().describe("The task whose rubric criteria the judge grades"),
      response: z.string().optional().describe("A pasted answer…"),
      rolloutId: z.string().optional().describe("…or a stored rollout"),
      rubric: tryRubricInput
        .optional()
        .describe(
          "The task's rubric as edited, unsaved (sharedRubricId, judgeTemplate, criteria); default the saved one",
        ),
    }),
    response: z
      .object({
        version: z.number().int(),
        rubric: z.enum(["saved", "draft"]),
        prompt: z.object({ system: z.string(), user: z.string() }),
      })
      .loose(),
  },
  "POST /api/v1/judge-versions/[id]/deploy": {
    summary: "Deploy a judge version for its environment (only if it passes calibration)",
    description: "Refused with 409 and the reasons when the held-out figures miss the bar.",
    response: z.object({ id: z.string(), version: z.number().int(), status: z.literal("deployed") }).loose(),
  },
  "GET /api/v1/rollouts/[id]/judgments": {
    summary: "Every judgment of a rollout (re-judging appends; labels are never touched)",
    response: z.object({ items: z.array(judgmentOutput) }),
  },
};
