import { getArray, getNumber, getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { NormalizedRollout, TokenCounts } from "@/lib/imports/types";
import { decodeIo } from "./langfuse-messages";
import { buildTraceTranscript, type TraceObservation } from "./langfuse-transcript";
import { buildRollout } from "./shared/rollout";

// A trace with its observations and scores, from Langfuse API objects (camelCase), blob/UI export
// rows (snake_case) or OTel spans, mapped to one rollout.

export type TraceScore = {
  name: string;
  value: number | null;
  dataType: string | null;
  comment: string | null;
};

export type TraceBundle = {
  trace: Record<string, unknown>;
  observations: TraceObservation[];
  scores: TraceScore[];
  original: unknown;
};

const NAIVE_TIME = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?$/;

/** Langfuse times: ISO strings, or export times `YYYY-MM-DD HH:MM:SS.ffffff` that are UTC without a marker. */
export function toTraceTime(value: unknown): string | null {
  if (typeof value === "string" && NAIVE_TIME.test(value)) {
    const [date, time] = value.split(/[ T]/);
    const [clock, fraction = "0"] = time.split(".");
    return toIsoTime(`${date}T${clock}.${fraction.padEnd(3, "0").slice(0, 3)}Z`);
  }
  return toIsoTime(value);
}

/** One observation from an API object or an export row (both spellings of every field). */
export function readObservation(raw: unknown, index: number): TraceObservation {
  if (!isObject(raw)) throw new ImportRecordError(`observations[${index}] is not an object`);
  const metadata = getObject(decodeIo(raw.metadata));
  const level = getText(raw.level);
  const statusMessage = getText(raw.statusMessage) ?? getText(raw.status_message);
  return {
    id: getText(raw.id) ?? `observation-${index}`,
    type: (getText(raw.type) ?? "SPAN").toUpperCase(),
    name: getText(raw.name) ?? null,
    startTime: toTraceTime(raw.startTime ?? raw.start_time),
    endTime: toTraceTime(raw.endTime ?? raw.end_time),
    input: raw.input,
    output: raw.output,
    model: getText(raw.model) ?? getText(raw.provided_model_name) ?? getText(raw.internalModel) ?? null,
    tokens: readUsage(raw.usageDetails ?? raw.usage_details ?? raw.usage),
    toolCallId: getText(metadata?.tool_call_id) ?? getText(metadata?.toolCallId) ?? null,
    error: level === "ERROR" ? (statusMessage ?? "the observation ended with an error") : null,
  };
}

function readUsage(value: unknown): TokenCounts | null {
  const usage = getObject(decodeIo(value));
  if (!usage) return null;
  const tokens: TokenCounts = {};
  const input = getNumber(usage.input ?? usage.promptTokens ?? usage.input_tokens);
  const output = getNumber(usage.output ?? usage.completionTokens ?? usage.output_tokens);
  const total = getNumber(usage.total ?? usage.totalTokens);
  const reasoning = getNumber(usage.output_reasoning_tokens ?? usage.reasoning_tokens);
  if (input !== undefined) tokens.input = input;
  if (output !== undefined) tokens.output = output;
  if (reasoning !== undefined) tokens.reasoning = reasoning;
  if (total !== undefined && total > 0) tokens.total = total;
  return Object.keys(tokens).length > 0 && (tokens.input || tokens.output || tokens.total) ? tokens : null;
}

export function readScores(list: unknown): TraceScore[] {
  return getArray(list)
    .filter(isObject)
    .map((score) => ({
      name: getText(score.name) ?? "score",
      value: getNumber(score.value) ?? null,
      dataType: getText(score.dataType) ?? getText(score.data_type) ?? null,
      comment: getText(score.comment) ?? null,
    }));
}

export function mapTraceBundle(bundle: TraceBundle): NormalizedRollout {
  const { trace, observations } = bundle;
  const messages = buildTraceTranscript({ observations, traceInput: trace.input, traceOutput: trace.output });
  if (messages.length === 0)
    throw new ImportRecordError(
      "the trace has no model calls, tool calls or input/output to build a transcript from",
    );
  const scores: Record<string, number> = {};
  for (const score of bundle.scores) {
    if (score.value !== null && score.dataType !== "CATEGORICAL") scores[score.name] = score.value;
  }
  const rewardKey = Object.keys(scores).find((name) => name.toLowerCase() === "reward");
  const metadata = getObject(decodeIo(trace.metadata)) ?? {};
  const failed = observations.find((observation) => observation.error);
  const ends = observations
    .map((observation) => observation.endTime ?? observation.startTime)
    .filter(Boolean)
    .sort();
  const generation = [...observations].sort(byStart).find((observation) => observation.model);
  return buildRollout({
    externalId: getText(trace.id) ?? null,
    taskKey: getText(metadata.task) ?? getText(metadata.task_key) ?? getText(metadata.taskKey) ?? null,
    model: generation?.model ?? null,
    harness: null,
    reward: rewardKey ? scores[rewardKey] : null,
    scores: Object.keys(scores).length > 0 ? scores : undefined,
    status: failed ? "error" : "completed",
    error: failed?.error ?? null,
    messages,
    metadata: {
      traceName: trace.name,
      sessionId: trace.sessionId ?? trace.session_id,
      userId: trace.userId ?? trace.user_id,
      tags: trace.tags,
      environment: trace.environment,
      release: trace.release,
      observations: observations.length,
      scoreComments: bundle.scores
        .filter((score) => score.comment)
        .map(({ name, comment }) => ({ name, comment })),
      traceMetadata: metadata,
    },
    original: bundle.original,
    startedAt: toTraceTime(trace.timestamp) ?? [...observations].sort(byStart)[0]?.startTime ?? null,
    endedAt: ends.at(-1) ?? null,
  });
}

function byStart(a: TraceObservation, b: TraceObservation): number {
  return (a.startTime ?? "").localeCompare(b.startTime ?? "");
}
