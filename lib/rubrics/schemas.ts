import { z } from "zod";
import { toPatchShape } from "@/lib/tasks/partial-shape";
import { CHECK_KEY_RE } from "./checks/check-schemas";

// Rubric shapes shared by the editor, the API and the revisions (hand-written: the API shape).

export const criterionInput = z
  .object({
    key: z.string().regex(CHECK_KEY_RE, "Use letters, digits, dot, dash or underscore (max 64)."),
    title: z.string().trim().min(1, "Give the criterion a title.").max(300),
    description: z.string().max(10_000).default(""),
    weight: z.number().finite().min(0).max(1_000).default(1),
    type: z.enum(["binary", "scale"]).default("binary"),
    /** For `scale`: the judge scores 0..scaleMax. */
    scaleMax: z.number().int().min(1).max(100).nullable().default(null),
    /** Requirement ids (or requirement text) of the prompt this criterion checks. */
    requirements: z.array(z.string().min(1).max(2_000)).max(100).default([]),
    /** Says how a give-up is graded. */
    isGiveUp: z.boolean().default(false),
    passExamples: z.array(z.string().max(20_000)).max(20).default([]),
    failExamples: z.array(z.string().max(20_000)).max(20).default([]),
  })
  .refine((c) => c.type === "binary" || c.scaleMax !== null, {
    message: "A scale criterion needs its maximum score.",
    path: ["scaleMax"],
  });
export type CriterionInput = z.input<typeof criterionInput>;
export type Criterion = z.output<typeof criterionInput>;

export const goldenExampleInput = z.object({
  title: z.string().max(300).default(""),
  response: z.string().min(1, "Paste the response the expert graded.").max(200_000),
  /** The expert's overall grade, 0 to 1. */
  grade: z.number().min(0).max(1),
  criterionScores: z.record(z.string(), z.number().finite()).default({}),
  rationale: z.string().max(20_000).default(""),
  gradedBy: z.string().max(200).default(""),
});
export type GoldenExample = z.output<typeof goldenExampleInput>;

const uniqueKeys = (items: { key: string }[]) => new Set(items.map((i) => i.key)).size === items.length;

export const criteriaList = z
  .array(criterionInput)
  .max(100)
  .refine(uniqueKeys, "Two criteria share a key: keys must be unique.");

/** The rubric part of a task: its own criteria, optionally on top of a shared rubric's. */
export const taskRubricInput = z.object({
  sharedRubricId: z.uuid().nullable().default(null),
  judgeTemplate: z.string().max(50_000).default(""),
  criteria: criteriaList.default([]),
  goldenExamples: z.array(goldenExampleInput).max(50).default([]),
});
export type TaskRubric = z.output<typeof taskRubricInput>;

/** A rubric an environment shares between its tasks. */
const sharedRubricFields = {
  title: z.string().trim().min(1, "Name the rubric.").max(200),
  description: z.string().max(5_000).default(""),
  judgeTemplate: z.string().max(50_000).default(""),
  criteria: criteriaList.default([]),
  goldenExamples: z.array(goldenExampleInput).max(50).default([]),
};
export const sharedRubricInput = z.object(sharedRubricFields);
export type SharedRubricInput = z.input<typeof sharedRubricInput>;
export type SharedRubricContent = z.output<typeof sharedRubricInput>;

export const updateSharedRubricInput = z.object(toPatchShape(sharedRubricFields)).extend({
  /** The revision the edit is based on; a stale one is refused with 409. */
  revision: z.number().int().min(0),
});

/** The first key `<prefix>-<n>` not taken yet, for a new criterion or check. */
export function nextKey(prefix: string, taken: string[]): string {
  let n = taken.length + 1;
  while (taken.includes(`${prefix}-${n}`)) n++;
  return `${prefix}-${n}`;
}

/** A new, empty binary criterion with a key not taken among `criteria`. */
export function createBlankCriterion(criteria: Criterion[], prefix = "criterion"): Criterion {
  return {
    key: nextKey(
      prefix,
      criteria.map((c) => c.key),
    ),
    title: "",
    description: "",
    weight: 1,
    type: "binary",
    scaleMax: null,
    requirements: [],
    isGiveUp: false,
    passExamples: [],
    failExamples: [],
  };
}
