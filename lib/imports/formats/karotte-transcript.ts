import { elideBlobs } from "@/lib/imports/read/elide-blobs";
import { getNumber, getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import type { NormalizedMessage, NormalizedRollout, RolloutStatus } from "@/lib/imports/types";
import {
  applyResult,
  assignUsage,
  capValues,
  findCounters,
  readProviderReasoning,
  readScorings,
  type Scoring,
  type Usage,
} from "./karotte-details";
import { mapOpenAiMessage } from "./shared/openai-messages";
import { buildRollout } from "./shared/rollout";

// Karotte `transcript.json`: `{run_id, events: [...]}`, typed events read one at a time. Steps are
// segmented by step_started/step_completed; each scored step has a `scoring`; the run score is the
// last one and the run status comes from `task_completed` (`passed` ≠ full marks).

const NUDGE = "Your last turn produced no message or tool call.";
/** Errors that mean the run hit a budget the run config set, not a broken environment. */
const BUDGET_ERRORS = new Set([
  "TurnLimitReachedError",
  "StepTimeLimitReachedError",
  "StepContextWindowLimitReachedError",
  "EmptyTurnLimitReachedError",
]);

export type KarotteTranscriptBuilder = {
  /** Adds one event (in file order); never throws on unknown shapes. */
  add(event: unknown): void;
  /** Finishes the rollout; `header` is the transcript object without its events. */
  finish(args: { header: unknown; context: KarotteContext }): NormalizedRollout;
};

/** What lives beside the transcript: the run config (secrets removed), the manifest, artifacts. */
export type KarotteContext = {
  runConfig: Record<string, unknown> | null;
  manifest: Record<string, unknown> | null;
  artifacts: { folder: string; files: string[] } | null;
};

export function createKarotteTranscriptBuilder(): KarotteTranscriptBuilder {
  const messages: NormalizedMessage[] = [];
  const assistantIndexes: number[] = [];
  const usages: Usage[] = [];
  const completions = new Map<string, Record<string, unknown>>();
  const scorings: Scoring[] = [];
  const errors: Array<{ type: string; message: string; traceback: string | null }> = [];
  const events: unknown[] = [];
  const skipped: Record<string, number> = {};
  let started: Record<string, unknown> = {};
  let preHook: Record<string, unknown> = {};
  let answers: Record<string, unknown> = {};
  let runStatus: string | null = null;
  let step: number | null = null;
  let stepsStarted = 0;
  let isAwaitingInstructions = false;
  let hasCliSigns = false;
  let firstTime: string | null = null;
  let lastTime: string | null = null;

  const addMessage = (event: Record<string, unknown>) => {
    const raw = getObject(event.message);
    if (!raw) return;
    const message = mapOpenAiMessage(raw, "message");
    const metadata: Record<string, unknown> = { ...message.metadata };
    if (step !== null) metadata.step = step;
    const finish = getText(event.finish_reason);
    if (finish) metadata.finishReason = finish;
    if (event.raw != null) {
      metadata.hasRaw = true;
      hasCliSigns = true;
    }
    if (!message.reasoning) {
      const reasoning = readProviderReasoning(raw);
      if (reasoning) message.reasoning = reasoning;
    }
    if (message.role === "user" && message.text.startsWith(NUDGE)) metadata.injected = "empty-turn-nudge";
    else if (message.role === "user" && isAwaitingInstructions) metadata.injected = "step-instructions";
    if (message.role === "user") isAwaitingInstructions = false;
    if (message.role === "tool") {
      const counters = findCounters(message.text);
      if (counters.length > 0) metadata.injectedCounters = counters;
      const result = message.toolCallId ? completions.get(message.toolCallId) : undefined;
      if (result) applyResult(message, metadata, result);
    }
    if (message.role === "assistant") {
      assistantIndexes.push(messages.length);
      if (message.toolCalls?.some((call) => call.name === "use_tool")) hasCliSigns = true;
    }
    const createdAt = toIsoTime(event.timestamp);
    messages.push({ ...message, ...(createdAt ? { createdAt } : {}), metadata });
  };

  const add = (value: unknown) => {
    if (!isObject(value)) {
      skipped["not an object"] = (skipped["not an object"] ?? 0) + 1;
      return;
    }
    events.push(elideBlobs(value));
    const time = toIsoTime(value.timestamp);
    if (time) {
      firstTime ??= time;
      lastTime = time;
    }
    const type = getText(value.type);
    if (type === "task_started") started = value;
    else if (type === "task_pre_hook_completed" || (type === undefined && isObject(value.metadata))) {
      preHook = { ...preHook, ...getObject(value.metadata) };
    } else if (type === "step_started") {
      step = getNumber(value.step) ?? (step === null ? 0 : step + 1);
      stepsStarted += 1;
      isAwaitingInstructions = true;
    } else if (type === "message_added") addMessage(value);
    else if (type === "tool_call_completed") {
      const id = getText(value.tool_call_id);
      const result = getObject(value.result);
      if (id && result) {
        completions.set(id, result);
        // CLI adapters may log the tool message first: attach to it if it is already there.
        const message = messages.find(
          (candidate) => candidate.role === "tool" && candidate.toolCallId === id,
        );
        if (message) {
          message.metadata = { ...message.metadata };
          applyResult(message, message.metadata, result);
        }
      }
    } else if (type === "token_usage") {
      const estimated = value.estimated === true;
      if (estimated) hasCliSigns = true;
      usages.push({
        input: getNumber(value.input_tokens) ?? 0,
        output: getNumber(value.output_tokens) ?? 0,
        cacheRead: getNumber(value.cache_read_tokens) ?? null,
        cacheWrite: getNumber(value.cache_write_tokens) ?? null,
        isEstimated: estimated,
      });
    } else if (type === "answers_submitted") answers = { ...answers, ...getObject(value.answers) };
    else if (type === "scoring") {
      const scoring = getObject(value.scoring) ?? {};
      scorings.push({
        step,
        score: getNumber(scoring.score) ?? null,
        continueTask: typeof scoring.continue_task === "boolean" ? scoring.continue_task : null,
        metadata: getObject(scoring.metadata) ?? {},
      });
    } else if (type === "error") {
      errors.push({
        type: getText(value.exception_type) ?? "Error",
        message: getText(value.message) ?? "",
        traceback: getText(value.traceback) ?? null,
      });
    } else if (type === "task_completed") runStatus = getText(value.status) ?? null;
    else if (type !== "tool_call_started" && type !== "step_completed") {
      const key = type ?? "untyped";
      skipped[key] = (skipped[key] ?? 0) + 1;
    }
  };

  const finish: KarotteTranscriptBuilder["finish"] = ({ header, context }) => {
    const totals = assignUsage(messages, assistantIndexes, usages);
    const lastError = errors.at(-1) ?? null;
    const isBudget = lastError !== null && BUDGET_ERRORS.has(lastError.type);
    const status: RolloutStatus =
      runStatus === "passed" || runStatus === "failed"
        ? "completed"
        : runStatus === "error" || lastError
          ? isBudget
            ? "truncated"
            : "error"
          : "truncated"; // No task_completed: the run was cut off.
    const headerObject = getObject(header) ?? {};
    const runId = getText(headerObject.run_id) ?? getText(started.run_id) ?? null;
    const { scores, misbehavior, isGraderFailure } = readScorings(scorings);
    const metadata: Record<string, unknown> = {
      runId,
      runStatus,
      nSteps: getNumber(started.n_steps) ?? null,
      stepsStarted,
      steps: scorings.map((scoring) => ({ ...scoring, metadata: capValues(scoring.metadata) })),
    };
    if (started.reasoning_effort != null) metadata.reasoningEffort = started.reasoning_effort;
    if (typeof started.use_hints === "boolean") metadata.useHints = started.use_hints;
    if (Object.keys(preHook).length > 0) metadata.preHook = preHook;
    if (Object.keys(answers).length > 0) metadata.answers = answers;
    if (misbehavior) metadata.misbehavior = misbehavior;
    if (lastError) {
      metadata.errorType = lastError.type;
      metadata.failureMode = isBudget ? "budget" : "infrastructure";
      if (lastError.traceback) metadata.traceback = lastError.traceback;
    } else if (isGraderFailure) metadata.failureMode = "grader";
    if (totals) metadata.tokenTotals = totals;
    const batch = runId ? /^(.+)-(\d+)$/.exec(runId) : null;
    if (batch) metadata.batch = { baseRunId: batch[1], index: Number(batch[2]) };
    const hasCliLog = context.artifacts?.files.some((file) => /^step_\d+\.ndjson$/.test(file)) ?? false;
    metadata.agent =
      getText(context.runConfig?.agent) ?? (hasCliSigns || hasCliLog ? "cli (inferred)" : null);
    if (context.runConfig) metadata.runConfig = context.runConfig;
    if (context.manifest) metadata.environmentManifest = context.manifest;
    if (context.artifacts) metadata.artifacts = context.artifacts;
    if (Object.keys(skipped).length > 0) metadata.skippedEvents = skipped;
    return buildRollout({
      externalId: runId,
      taskKey: getText(started.task_id) ?? null,
      model: getText(started.model) ?? getText(context.runConfig?.model) ?? null,
      harness: "karotte",
      reward: [...scorings].reverse().find((scoring) => scoring.score !== null)?.score ?? null,
      scores: Object.keys(scores).length > 0 ? scores : undefined,
      status,
      error: lastError
        ? lastError.message
          ? `${lastError.type}: ${lastError.message}`
          : lastError.type
        : null,
      messages,
      metadata,
      original: { ...headerObject, events },
      startedAt: firstTime,
      endedAt: lastTime,
    });
  };

  return { add, finish };
}
