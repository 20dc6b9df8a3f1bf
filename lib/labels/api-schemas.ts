import { z } from "zod";
import type { ApiOperations } from "@/lib/api/openapi";
import { LABEL_VERDICTS, SPAN_KINDS, SPAN_PARTS } from "@/lib/values/review-values";
import { exportLabelsInput, labelBody, listLabelsInput } from "./schemas";

// Response shapes of the review routes (labels, exports, queue agreement) and their OpenAPI
// operations; lib/api/openapi.ts lists them.

export const labelOutput = z.object({
  id: z.string(),
  rollout: z.string(),
  environment: z.string().nullable().describe("Environment slug"),
  task: z.string().nullable().describe("Task key"),
  model: z.string().nullable(),
  queue: z.string().nullable().describe("The queue the label was submitted from"),
  version: z
    .number()
    .int()
    .describe("1 for a reviewer's first label on the rollout; each edit adds a version"),
  previousId: z.string().nullable(),
  reviewer: z.object({ kind: z.enum(["user", "api-key"]), id: z.string().nullable(), name: z.string() }),
  createdAt: z.string(),
  verdict: z.enum(LABEL_VERDICTS),
  categories: z.array(z.string()),
  confidence: z.number().int().nullable(),
  rationale: z.string(),
  criterionScores: z.record(z.string(), z.number()),
  taskRevision: z.string().nullable().describe("The task/rubric revision in force when labelled"),
  spans: z.array(
    z.object({
      id: z.string(),
      message: z.number().int(),
      kind: z.enum(SPAN_KINDS),
      start: z.number().int().nullable(),
      end: z.number().int().nullable(),
      toolCallId: z.string().nullable(),
      part: z
        .enum(SPAN_PARTS)
        .describe("What a text span's offsets count in: the text, the reasoning, or a tool call's argument"),
      argumentPath: z
        .string()
        .nullable()
        .describe("For part argument: JSON pointer of the string in the call's arguments ('' = all of them)"),
      category: z.string().nullable(),
      comment: z.string(),
    }),
  ),
});

const wilson = z.object({
  estimate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  successes: z.number().int(),
  n: z.number().int(),
});
const alpha = z
  .object({ alpha: z.number().nullable(), n: z.number().int(), pairableUnits: z.number().int() })
  .loose();
const pair = z
  .object({
    raterA: z.string(),
    raterB: z.string(),
    nameA: z.string(),
    nameB: z.string(),
    kappa: z.number().nullable(),
    observed: z.number().nullable(),
    n: z.number().int(),
  })
  .loose();
const block = { alpha, agreement: wilson, pairs: z.array(pair) };

export const agreementOutput = z.object({
  queue: z.object({
    id: z.string(),
    name: z.string(),
    overlap: z.number().int(),
    itemCount: z.number().int(),
  }),
  labelledItems: z.number().int(),
  comparedItems: z.number().int(),
  verdicts: z.object(block).describe("Cohen's kappa per reviewer pair and Krippendorff's alpha (nominal)"),
  categories: z.array(z.object({ key: z.string(), ...block })).describe("Each category as present/absent"),
  reviewers: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      labelled: z.number().int(),
      agreementWithOthers: wilson,
      meanKappa: z.number().nullable(),
      agreementWithFinal: wilson,
    }),
  ),
  criterionScores: z
    .object({
      ...block,
      scoredItems: z.number().int(),
      comparedItems: z.number().int(),
      judgeVsHuman: z.array(pair),
      others: z.array(pair),
    })
    .describe(
      "Rubric criterion scores (items: rollout × criterion), where each judge's newest version on these items rates like a reviewer (raters `judge:<version id>`): kappa for the judge against each reviewer, and between reviewers",
    ),
});

export const REVIEW_OPERATIONS: ApiOperations = {
  "POST /api/v1/rollouts/[id]/labels": {
    summary: "Label a rollout",
    description:
      "Adds the caller's label (a new version when they labelled it before; nothing is overwritten). Span offsets index messages[].content as JavaScript strings (UTF-16 code units), end exclusive; a span with toolCallId marks a whole tool call, kind: tool-result a whole tool message. Categories are taxonomy keys. Answers 201 with the stored label.",
    body: labelBody,
    response: labelOutput,
  },
  "GET /api/v1/labels": {
    summary: "List labels: every version, oldest first",
    description:
      "Each label names its reviewer and time. Filters: environment slug, reviewer (email, user id or API key name), since (date or timestamp), queue, rollout; current=true keeps each reviewer's latest version. Reviewers don't see others' labels on items of active blind queues until they labelled them.",
    query: listLabelsInput,
    response: z.object({ items: z.array(labelOutput), nextCursor: z.string().nullable() }),
  },
  "GET /api/v1/labels/export": {
    summary: "Download labels as JSONL or CSV",
    description:
      "Same filters as GET /api/v1/labels, every matching label in one download: JSONL (one label object per line, as in the list) or CSV (spans as a JSON column).",
    query: exportLabelsInput,
    response: z.string().describe("application/x-ndjson or text/csv"),
  },
  "GET /api/v1/queues/[id]/agreement": {
    summary: "Reviewer agreement of a review queue",
    description:
      "From each reviewer's current label per item: Cohen's kappa per pair, Krippendorff's alpha, on verdicts and per category, and per reviewer (agreement with the others and with adjudicated final labels). On criterion scores, LLM judges count as raters: each judge against each reviewer, beside reviewer pairs.",
    response: agreementOutput,
  },
};
