import { z } from "zod";

// Zod shapes of the Inspect log parts the importer reads. Loose objects: Inspect adds fields often,
// and everything not named here is still kept in the rollout's `original`.

const nullableText = z.string().nullish();

/** `metrics`: a list of metric definitions, or (for a scorer whose value is a dict) metrics by key. */
export const inspectScorerSchema = z.looseObject({ name: z.string(), metrics: z.unknown().optional() });

export const inspectEvalSpecSchema = z.looseObject({
  task: nullableText,
  task_id: nullableText,
  task_version: z.union([z.number(), z.string()]).nullish(),
  task_registry_name: nullableText,
  run_id: nullableText,
  eval_id: nullableText,
  eval_set_id: nullableText,
  created: nullableText,
  model: nullableText,
  solver: nullableText,
  dataset: z.looseObject({ name: nullableText, location: nullableText }).nullish(),
  scorers: z.array(inspectScorerSchema).nullish(),
  packages: z.record(z.string(), z.unknown()).nullish(),
});

/** `header.json`, `_journal/start.json`, or a `.json` log without its samples. */
export const inspectHeaderSchema = z.looseObject({
  version: z.number().nullish(),
  status: nullableText,
  eval: inspectEvalSpecSchema,
  plan: z.looseObject({ steps: z.array(z.looseObject({ solver: nullableText })).nullish() }).nullish(),
  results: z
    .looseObject({ scores: z.array(z.looseObject({ name: nullableText, scorer: nullableText })).nullish() })
    .nullish(),
  error: z.looseObject({ message: nullableText }).nullish(),
});
export type InspectHeader = z.infer<typeof inspectHeaderSchema>;

export const inspectToolCallSchema = z.looseObject({
  id: nullableText,
  function: z.string(),
  arguments: z.unknown().optional(),
  parse_error: nullableText,
  type: nullableText,
});

export const inspectMessageSchema = z.looseObject({
  id: nullableText,
  role: z.string(),
  content: z.union([z.string(), z.array(z.unknown())]).nullish(),
  source: nullableText,
  model: nullableText,
  // Early-2025 logs carry assistant reasoning as a plain string.
  reasoning: nullableText,
  tool_calls: z.array(inspectToolCallSchema).nullish(),
  tool_call_id: z.union([z.string(), z.array(z.string())]).nullish(),
  function: nullableText,
  error: z.looseObject({ type: nullableText, message: nullableText }).nullish(),
  // Old logs: a string instead of `error`.
  tool_error: nullableText,
});
export type InspectMessage = z.infer<typeof inspectMessageSchema>;

export const inspectSampleSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  epoch: z.number().nullish(),
  input: z.unknown().optional(),
  target: z.unknown().optional(),
  choices: z.array(z.string()).nullish(),
  messages: z.array(z.unknown()).nullish(),
  // Chunked samples list their conversation as ranges into the pooled messages.
  message_refs: z.array(z.unknown()).nullish(),
  output: z.unknown().optional(),
  scores: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  events: z.array(z.unknown()).nullish(),
  events_data: z.looseObject({ messages: z.array(z.unknown()).nullish() }).nullish(),
  attachments: z.record(z.string(), z.unknown()).nullish(),
  model_usage: z.record(z.string(), z.unknown()).nullish(),
  error: z.looseObject({ message: nullableText, traceback: nullableText }).nullish(),
  limit: z.unknown().optional(),
  started_at: nullableText,
  completed_at: nullableText,
  total_time: z.number().nullish(),
  working_time: z.number().nullish(),
  uuid: nullableText,
});
export type InspectSample = z.infer<typeof inspectSampleSchema>;
