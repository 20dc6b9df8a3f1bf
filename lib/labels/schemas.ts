import { z } from "zod";
import {
  CORPUS_STATUSES,
  LABEL_VERDICTS,
  type LabelVerdict,
  SPAN_KINDS,
  SPAN_PARTS,
  TAXONOMY_FAMILIES,
} from "@/lib/values/review-values";

// Inputs of the labels domain: the label body of POST /api/v1/rollouts/{id}/labels (docs/api-and-cli.md),
// taxonomy edits, adjudications, the corpus filter and the label list/export queries.

export const VERDICT_NAMES: Record<LabelVerdict, string> = {
  "genuine-success": "Genuine success",
  "genuine-failure": "Genuine failure",
  "reward-hack": "Reward hack",
  "grader-false-negative": "Grader false negative",
  "environment-broken": "Environment broken",
  unclear: "Unclear",
};

export const MAX_SPANS = 500;
const categoryKey = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase words joined by hyphens, like read-answer-key");

/**
 * A span: characters [start, end) of a message's text, or a whole tool call (`toolCallId`) or tool
 * result (`kind: "tool-result"`). `kind` may be left out: it follows from the fields given. A text
 * span's `part` says what its offsets count in: the message's text (`content`, the default), its
 * `reasoning`, or an `argument` of the tool call `toolCallId`, the string `argumentPath` points at
 * (a JSON pointer such as "/content"; "" is the arguments pretty-printed as a whole).
 */
export const spanInput = z
  .object({
    message: z.number().int().min(0),
    kind: z.enum(SPAN_KINDS).optional(),
    start: z.number().int().min(0).nullish(),
    end: z.number().int().min(1).nullish(),
    toolCallId: z.string().trim().min(1).max(500).nullish(),
    part: z.enum(SPAN_PARTS).optional(),
    argumentPath: z.string().max(1_000).nullish(),
    category: categoryKey.nullish(),
    comment: z.string().max(5_000).default(""),
  })
  .transform((span, context) => {
    const part = span.part ?? "content";
    const kind = span.kind ?? (span.toolCallId && part === "content" ? "tool-call" : "text");
    if (part !== "content" && kind !== "text") {
      context.addIssue({ code: "custom", message: `A ${kind} span has no part`, path: ["part"] });
      return z.NEVER;
    }
    if (part === "argument" && (!span.toolCallId || span.argumentPath == null)) {
      context.addIssue({
        code: "custom",
        message: "A span in a tool call's arguments needs toolCallId and argumentPath",
        path: ["argumentPath"],
      });
      return z.NEVER;
    }
    if (kind === "text" && (span.start == null || span.end == null)) {
      context.addIssue({ code: "custom", message: "A text span needs start and end", path: ["start"] });
      return z.NEVER;
    }
    if (kind === "text" && span.end! <= span.start!) {
      context.addIssue({ code: "custom", message: "end must be greater than start", path: ["end"] });
      return z.NEVER;
    }
    if (kind === "tool-call" && !span.toolCallId) {
      context.addIssue({
        code: "custom",
        message: "A tool-call span needs toolCallId",
        path: ["toolCallId"],
      });
      return z.NEVER;
    }
    const isText = kind === "text";
    return {
      message: span.message,
      kind,
      start: isText ? span.start! : null,
      end: isText ? span.end! : null,
      toolCallId: kind === "tool-call" || part === "argument" ? span.toolCallId! : null,
      part,
      argumentPath: part === "argument" ? span.argumentPath! : null,
      category: span.category ?? null,
      comment: span.comment,
    };
  });
export type SpanInput = z.input<typeof spanInput>;
export type Span = z.output<typeof spanInput>;

/** The label body, exactly docs/api-and-cli.md's fields plus an optional confidence (1–5). */
export const labelBody = z.object({
  verdict: z.enum(LABEL_VERDICTS),
  categories: z
    .array(categoryKey)
    .max(50)
    .default([])
    .transform((keys) => [...new Set(keys)]),
  confidence: z.number().int().min(1).max(5).nullish(),
  rationale: z.string().max(20_000).default(""),
  spans: z.array(spanInput).max(MAX_SPANS).default([]),
  criterionScores: z
    .record(z.string().trim().min(1).max(200), z.number().refine(Number.isFinite, "Must be a finite number"))
    .default({}),
});
export type LabelBody = z.input<typeof labelBody>;

export const submitLabelInput = labelBody.extend({
  rolloutId: z.uuid(),
  /** Submitted from this queue: the item's reservation is completed with it. */
  queueId: z.uuid().nullish(),
  /** The version the reviewer edited; a newer one submitted meanwhile is a conflict. */
  basedOnVersion: z.number().int().min(0).nullish(),
});
export type SubmitLabelInput = z.input<typeof submitLabelInput>;
export type SubmitLabel = z.output<typeof submitLabelInput>;

export const adjudicateInput = z.object({
  rolloutId: z.uuid(),
  queueId: z.uuid().nullish(),
  verdict: z.enum(LABEL_VERDICTS),
  categories: z
    .array(categoryKey)
    .max(50)
    .default([])
    .transform((keys) => [...new Set(keys)]),
  rationale: z.string().trim().max(20_000).default(""),
});
export type AdjudicateInput = z.input<typeof adjudicateInput>;

const examples = z.array(z.string().trim().min(1).max(1_000)).max(20).default([]);

export const createCategoryInput = z.object({
  family: z.enum(TAXONOMY_FAMILIES),
  key: categoryKey,
  name: z.string().trim().min(1, "Give the category a name").max(200),
  description: z.string().trim().max(5_000).default(""),
  examples,
  parentId: z.uuid().nullish(),
});
export type CreateCategoryInput = z.input<typeof createCategoryInput>;

export const updateCategoryInput = z.object({
  id: z.uuid(),
  name: z.string().trim().min(1, "Give the category a name").max(200),
  description: z.string().trim().max(5_000).default(""),
  examples,
  parentId: z.uuid().nullish(),
});
export type UpdateCategoryInput = z.input<typeof updateCategoryInput>;

export const setCategoryRetiredInput = z.object({ id: z.uuid(), isRetired: z.boolean() });
export type SetCategoryRetiredInput = z.input<typeof setCategoryRetiredInput>;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const sinceParam = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), "Use a date like 2026-01-31");

export const MAX_LABEL_PAGE = 200;

/** GET /api/v1/labels and the exports: every version by default, oldest first (a sync feed). */
export const listLabelsInput = z.object({
  environment: optional(z.string().trim().max(200)),
  /** A reviewer's email, user id, or API key name. */
  reviewer: optional(z.string().trim().max(320)),
  /** Labels created at or after this time. */
  since: optional(sinceParam),
  queue: optional(z.uuid()),
  rollout: optional(z.uuid()),
  /** `true`: only each reviewer's current version per rollout. */
  current: optional(z.enum(["true", "false"])).transform((v) => v === "true"),
  cursor: optional(z.string().max(500)),
  limit: optional(z.coerce.number().int().min(1).max(MAX_LABEL_PAGE)).transform((v) => v ?? 100),
});
export type ListLabelsInput = z.input<typeof listLabelsInput>;
export type ListLabelsFilter = z.output<typeof listLabelsInput>;

export const exportLabelsInput = listLabelsInput
  .omit({ cursor: true, limit: true })
  .extend({ format: optional(z.enum(["jsonl", "csv"])).transform((v) => v ?? "jsonl") });
export type ExportLabelsInput = z.input<typeof exportLabelsInput>;

export const corpusFilterInput = z.object({
  environment: optional(z.string().trim().max(200)),
  category: optional(categoryKey),
  status: optional(z.enum(CORPUS_STATUSES)),
  model: optional(z.string().trim().max(500)),
  task: optional(z.string().trim().max(500)),
});
export type CorpusFilterInput = z.input<typeof corpusFilterInput>;
export type CorpusFilter = z.output<typeof corpusFilterInput>;

export const setCorpusStatusInput = z
  .object({
    rolloutId: z.uuid(),
    status: z.enum(CORPUS_STATUSES),
    fixedInRevision: z.string().trim().max(100).nullish(),
    note: z.string().trim().max(5_000).default(""),
  })
  .refine((v) => v.status !== "fixed" || Boolean(v.fixedInRevision), {
    message: "Name the revision that fixed it",
    path: ["fixedInRevision"],
  });
export type SetCorpusStatusInput = z.input<typeof setCorpusStatusInput>;
