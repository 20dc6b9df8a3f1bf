import { getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { NormalizedRollout, RolloutStatus } from "@/lib/imports/types";
import {
  indexModelCalls,
  mapInspectMessages,
  resolveAttachments,
  selectConversation,
} from "./inspect-messages";
import { type InspectHeader, inspectHeaderSchema, inspectSampleSchema } from "./inspect-schemas";
import { readInspectScores } from "./inspect-scores";
import { buildRollout } from "./shared/rollout";
import { describeZodIssue } from "./zod-issue";

/** What every sample of one log shares: model, primary scorer, log-level metadata. */
export type InspectLogContext = {
  model: string | null;
  /** `inspect_ai`, or `inspect_ai/<solver>` when the eval names its agent/solver. */
  harness: string;
  /** The scorer whose value becomes the reward: the first scorer the log declares. */
  primaryScorer: string | null;
  log: Record<string, unknown>;
};

/** Reads a log header (`header.json`, `_journal/start.json`, or a `.json` log minus samples). */
export function readInspectHeader(value: unknown, options: { isJournal?: boolean } = {}): InspectLogContext {
  const parsed = inspectHeaderSchema.safeParse(value);
  if (!parsed.success)
    throw new ImportRecordError(`not an Inspect log header: ${describeZodIssue(parsed.error)}`);
  const header: InspectHeader = parsed.data;
  const spec = header.eval;
  const primaryScorer =
    spec.scorers?.[0]?.name ??
    header.results?.scores?.[0]?.scorer ??
    header.results?.scores?.[0]?.name ??
    null;
  const log: Record<string, unknown> = {
    version: header.version ?? null,
    // A journal start record is written when the run begins; without header.json the run never finished.
    status: header.status ?? (options.isJournal ? "started" : null),
    task: spec.task ?? null,
    taskId: spec.task_id ?? null,
    taskVersion: spec.task_version ?? null,
    runId: spec.run_id ?? null,
    evalId: spec.eval_id ?? null,
    evalSetId: spec.eval_set_id ?? null,
    created: spec.created ?? null,
    dataset: spec.dataset?.name ?? null,
    solver: spec.solver ?? null,
    planSteps: (header.plan?.steps ?? []).map((step) => step.solver).filter(Boolean),
    scorers: (spec.scorers ?? []).map((scorer) => scorer.name),
    inspectVersion: getText(spec.packages?.inspect_ai) ?? null,
    error: header.error?.message ?? null,
  };
  const harness = spec.solver ? `inspect_ai/${spec.solver}` : "inspect_ai";
  return { model: spec.model ?? null, harness, primaryScorer, log };
}

/**
 * Maps one EvalSample (one sample × epoch) to a rollout. Task key: the sample `id` (the dataset id
 * of the task the sample ran). `target` is the hidden answer and goes to `metadata.target`.
 */
export function mapInspectSample(value: unknown, context: InspectLogContext): NormalizedRollout {
  const parsed = inspectSampleSchema.safeParse(value);
  if (!parsed.success)
    throw new ImportRecordError(`not an Inspect sample: ${describeZodIssue(parsed.error)}`);
  const sample = parsed.data;
  const attachments = sample.attachments ?? {};
  const conversation = selectConversation(sample);
  const resolved = resolveAttachments(conversation.messages, attachments) as unknown[];
  const messages = mapInspectMessages(resolved, indexModelCalls(sample.events));
  const { scores, reward, details } = readInspectScores(sample.scores, context.primaryScorer);
  const epoch = sample.epoch ?? 1;
  const limit = readLimit(sample.limit);
  const error = sample.error ? (sample.error.message ?? "sample failed") : null;
  const status: RolloutStatus = error ? "error" : limit ? "truncated" : "completed";
  const metadata: Record<string, unknown> = {
    sampleId: sample.id,
    epoch,
    target: resolveAttachments(sample.target, attachments),
    log: context.log,
  };
  if (sample.choices) metadata.choices = sample.choices;
  if (sample.uuid) metadata.uuid = sample.uuid;
  if (sample.metadata && Object.keys(sample.metadata).length > 0) metadata.sampleMetadata = sample.metadata;
  if (Object.keys(details).length > 0) metadata.scoreDetails = details;
  if (sample.model_usage) metadata.modelUsage = sample.model_usage;
  if (sample.total_time != null) metadata.totalTime = sample.total_time;
  if (sample.working_time != null) metadata.workingTime = sample.working_time;
  if (limit) metadata.limit = limit;
  if (sample.error?.traceback) metadata.traceback = sample.error.traceback;
  if (conversation.source !== "messages") metadata.messagesFrom = conversation.source;
  return buildRollout({
    externalId: `${sample.id}_epoch_${epoch}`,
    taskKey: String(sample.id),
    model: context.model,
    harness: context.harness,
    reward,
    scores: Object.keys(scores).length > 0 ? scores : undefined,
    status,
    error,
    messages,
    metadata,
    original: value,
    startedAt: toIsoTime(sample.started_at),
    endedAt: toIsoTime(sample.completed_at),
  });
}

/** `limit` is `{type, limit}` on samples and a plain string on summaries. */
function readLimit(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (isObject(value)) {
    const type = getText(value.type) ?? "limit";
    return value.limit == null ? type : `${type} (${String(value.limit)})`;
  }
  return null;
}
