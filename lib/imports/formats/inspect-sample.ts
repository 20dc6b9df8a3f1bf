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
  /**
   * For a primary scorer whose value is a dict: the keys it declares metrics for (`eval.scorers[].metrics`
   * as `{key: [...]}`, else the `results.scores` entries of that scorer). One key names the reward.
   */
  primaryKeys: string[];
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
  const primaryKeys = primaryScorer ? readDeclaredKeys(header, primaryScorer) : [];
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
  return { model: spec.model ?? null, harness, primaryScorer, primaryKeys, log };
}

/** The keys a dict-valued scorer declares metrics for ("*" means every key, which names none). */
function readDeclaredKeys(header: InspectHeader, scorer: string): string[] {
  const declared = header.eval.scorers?.find((entry) => entry.name === scorer)?.metrics;
  const keys = new Set<string>();
  const addKeys = (value: unknown) => {
    if (isObject(value)) for (const key of Object.keys(value)) if (key !== "*") keys.add(key);
  };
  if (Array.isArray(declared)) declared.forEach(addKeys);
  else addKeys(declared);
  if (keys.size > 0) return [...keys];
  // `results.scores` holds one entry per key of a dict scorer, named by the key.
  for (const entry of header.results?.scores ?? []) {
    if (entry.scorer === scorer && entry.name && entry.name !== scorer) keys.add(entry.name);
  }
  return [...keys];
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
  const { scores, reward, rewardNote, details } = readInspectScores(sample.scores, {
    primary: context.primaryScorer,
    primaryKeys: context.primaryKeys,
  });
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
  if (rewardNote) metadata.rewardNote = rewardNote;
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
    rewardNote,
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
