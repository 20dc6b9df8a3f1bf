import { z } from "zod";
import { criteriaList } from "@/lib/rubrics/schemas";

// Judge shapes for the judge form, the API and the verbs (hand-written: the API shape).

const providerName = z.string().trim().min(1, "Pick a provider.").max(100);

export const createJudgeInput = z.object({
  name: z.string().trim().min(1, "Name the judge.").max(100),
  /** The provider's name (Settings → Model providers). */
  provider: providerName,
  /** More providers voting with the first: a panel (majority for binary criteria, mean for scales). */
  panel: z.array(providerName).max(8).default([]),
  criteria: z.union([z.literal("all"), z.array(z.string().min(1).max(64)).min(1).max(100)]).default("all"),
  /** The instructions; blank uses the default. A task rubric's own judge template wins for its task. */
  template: z.string().max(50_000).default(""),
  temperature: z.coerce.number().min(0).max(2).default(0),
  maxTokens: z.coerce.number().int().min(64).max(32_000).default(2_048),
});
export type CreateJudgeInput = z.input<typeof createJudgeInput>;

export const updateJudgeInput = createJudgeInput.omit({ name: true }).extend({ judgeId: z.uuid() });
export type UpdateJudgeInput = z.input<typeof updateJudgeInput>;

export const calibrationBarInput = z.object({
  judgeId: z.uuid(),
  minKappaLower: z.coerce.number().min(-1).max(1),
  minHeldOut: z.coerce.number().int().min(1).max(100_000),
});
export type CalibrationBarInput = z.input<typeof calibrationBarInput>;

/** The rubric as the editor shows it, saved or not: "Try the judge" grades with it. */
export const tryRubricInput = z.object({
  sharedRubricId: z.uuid().nullable().default(null),
  judgeTemplate: z.string().max(50_000).default(""),
  criteria: criteriaList,
});
export type TryRubric = z.output<typeof tryRubricInput>;

const tryJudgeFields = z.object({
  taskKey: z.string().min(1).max(200),
  /** The task's rubric as edited (unsaved edits included); without it, the saved rubric. */
  rubric: tryRubricInput.optional(),
  /** A pasted answer to grade… */
  response: z.string().max(200_000).optional(),
  /** …or a stored rollout. */
  rolloutId: z.uuid().optional(),
});
const ONE_ANSWER = {
  check: (v: { response?: string; rolloutId?: string }) =>
    (v.response?.trim() ? 1 : 0) + (v.rolloutId ? 1 : 0) === 1,
  params: { message: "Paste an answer or choose a rollout.", path: ["response"] },
};
/** The body of POST /api/v1/judges/{id}/try: the judge comes from the path. */
export const tryJudgeBody = tryJudgeFields.refine(ONE_ANSWER.check, ONE_ANSWER.params);
export const tryJudgeInput = tryJudgeFields
  .extend({ judgeId: z.uuid() })
  .refine(ONE_ANSWER.check, ONE_ANSWER.params);
export type TryJudgeInput = z.input<typeof tryJudgeInput>;
