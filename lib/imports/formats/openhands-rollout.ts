import { z } from "zod";
import { elideBlobs } from "@/lib/imports/read/elide-blobs";
import { getNumber, getObject, getText, isObject } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { NormalizedRollout, RolloutStatus } from "@/lib/imports/types";
import { mapOpenHandsEvents } from "./openhands-v0";
import { isOpenHandsV1Event, mapOpenHandsV1Events } from "./openhands-v1";
import { buildRollout } from "./shared/rollout";
import { describeZodIssue } from "./zod-issue";

const text = z.string().nullish();

/** One line of an evaluation `output.jsonl`: the instance, the agent's event history, and its outcome. */
const evaluationRowSchema = z.looseObject({
  instance_id: z.union([z.string(), z.number()]).nullish(),
  instruction: text,
  history: z.array(z.unknown()),
  metrics: z.record(z.string(), z.unknown()).nullish(),
  test_result: z.record(z.string(), z.unknown()).nullish(),
  report: z.record(z.string(), z.unknown()).nullish(),
  error: text,
  metadata: z
    .looseObject({
      agent_class: text,
      max_iterations: z.number().nullish(),
      llm_config: z.looseObject({ model: text }).nullish(),
      // Old OpenDevin/OpenHands evaluation rows (2024) name the model here, and the dataset.
      model_name: text,
      dataset: text,
      data_split: text,
    })
    .nullish(),
  instance: z.record(z.string(), z.unknown()).nullish(),
  // Old SWE-bench rows hold the benchmark instance as `swe_instance`.
  swe_instance: z.record(z.string(), z.unknown()).nullish(),
  // The issue resolver's output (openhands/resolver): the issue, its patch and verdict.
  issue: z.record(z.string(), z.unknown()).nullish(),
  issue_type: text,
  base_commit: text,
  git_patch: text,
  success: z.boolean().nullish(),
  comment_success: z.array(z.boolean()).nullish(),
  result_explanation: text,
  success_explanation: text,
});

/** The resolver names its issue `owner/repo#number`. */
function readIssueKey(issue: Record<string, unknown> | null | undefined): string | null {
  if (!issue) return null;
  const { owner, repo, number } = issue;
  if (typeof owner === "string" && typeof repo === "string" && typeof number === "number")
    return `${owner}/${repo}#${number}`;
  return null;
}

/** True when a parsed record is a V0 event (`action` or `observation` string) or a V1 event. */
export function isOpenHandsEvent(value: unknown): boolean {
  if (!isObject(value)) return false;
  return (
    typeof value.action === "string" || typeof value.observation === "string" || isOpenHandsV1Event(value)
  );
}

/** A whole event stream (a trajectory file) → one rollout. */
export function mapEventStream(events: unknown[], original: unknown): NormalizedRollout {
  if (events.some(isOpenHandsV1Event)) {
    const v1 = mapOpenHandsV1Events(events);
    const finalStatus = v1.states.filter((state) => /status$/.test(state.key)).at(-1)?.value;
    const error =
      v1.errors.at(-1) ?? (finalStatus === "error" ? "the conversation ended in the error state" : null);
    const metadata: Record<string, unknown> = { eventFormat: "v1", events: events.length };
    if (v1.states.length > 0) metadata.stateUpdates = v1.states;
    if (Object.keys(v1.skipped).length > 0) metadata.skippedEvents = v1.skipped;
    return buildRollout({
      externalId: null,
      taskKey: null,
      harness: "openhands",
      status: error ? "error" : "completed",
      error,
      messages: v1.messages,
      metadata,
      original,
    });
  }
  const stream = mapOpenHandsEvents(events);
  const lastState = stream.agentStates.at(-1)?.state ?? null;
  const error = lastState === "error" ? (stream.errors.at(-1) ?? "the agent ended in the error state") : null;
  const metadata: Record<string, unknown> = { eventFormat: "v0", events: events.length };
  if (stream.agentStates.length > 0) metadata.agentStates = stream.agentStates;
  if (stream.finish) metadata.finish = stream.finish;
  if (stream.errors.length > 0) metadata.errorObservations = stream.errors.length;
  if (Object.keys(stream.skipped).length > 0) metadata.skippedEvents = stream.skipped;
  return buildRollout({
    externalId: null,
    taskKey: null,
    model: stream.model,
    harness: "openhands",
    status: error ? "error" : "completed",
    error,
    messages: stream.messages,
    metadata,
    original,
  });
}

/**
 * One evaluation row → a rollout. Task key: `instance_id`. Reward: only when the row carries an
 * evaluation verdict (`report.resolved`, `test_result.report.resolved`, `resolved`); a bare
 * `git_patch` has none. A run stopped by its iteration/budget limit is truncated.
 */
export function mapEvaluationRow(value: unknown): NormalizedRollout {
  const parsed = evaluationRowSchema.safeParse(value);
  if (!parsed.success)
    throw new ImportRecordError(`not an OpenHands evaluation row: ${describeZodIssue(parsed.error)}`);
  const row = parsed.data;
  // Very old rows store history as [action, observation] pairs.
  const events = row.history.flatMap((item) => (Array.isArray(item) ? item : [item]));
  const stream = mapEventStream(events, null);
  const instanceId =
    row.instance_id == null
      ? (getText(row.swe_instance?.instance_id) ?? readIssueKey(row.instance ?? row.issue))
      : String(row.instance_id);
  // The instruction is the first user message; a history that starts without it gets it back.
  const firstUser = stream.messages.find((m) => m.role === "user");
  if (row.instruction && (!firstUser || firstUser.text.trim() === "")) {
    if (firstUser) firstUser.text = row.instruction;
    else
      stream.messages.unshift({ role: "user", text: row.instruction, metadata: { source: "instruction" } });
  }
  const status: RolloutStatus = row.error
    ? /maximum iteration|max(imum)? budget|budget exceeded|context window|stuck in a loop/i.test(row.error)
      ? "truncated"
      : "error"
    : stream.status;
  const metadata: Record<string, unknown> = { ...stream.metadata };
  if (row.metadata?.agent_class) metadata.agentClass = row.metadata.agent_class;
  if (row.metadata?.max_iterations != null) metadata.maxIterations = row.metadata.max_iterations;
  if (row.test_result) metadata.testResult = row.test_result;
  if (row.metrics) metadata.metrics = readMetrics(row.metrics);
  const benchmarkInstance = row.instance ?? row.swe_instance;
  if (benchmarkInstance) {
    // Keep the hidden tests and repo pointers; the problem statement is already the user message.
    const { problem_statement: _statement, ...instance } = benchmarkInstance;
    metadata.instance = instance;
  }
  if (row.metadata?.dataset) metadata.dataset = row.metadata.dataset;
  if (row.metadata?.data_split) metadata.dataSplit = row.metadata.data_split;
  if (row.issue) metadata.issue = row.issue;
  const gitPatch = row.git_patch ?? getText(row.test_result?.git_patch);
  if (gitPatch !== undefined && gitPatch !== null) metadata.gitPatch = gitPatch;
  if (typeof row.success === "boolean") metadata.success = row.success;
  const explanation = row.result_explanation ?? row.success_explanation;
  if (explanation) metadata.resultExplanation = explanation;
  if (row.comment_success) metadata.commentSuccess = row.comment_success;
  if (row.base_commit) metadata.baseCommit = row.base_commit;
  if (row.issue_type) metadata.issueType = row.issue_type;
  return {
    ...stream,
    externalId: instanceId,
    taskKey: instanceId,
    model: row.metadata?.llm_config?.model ?? row.metadata?.model_name ?? stream.model ?? null,
    reward:
      readVerdict(row.report) ??
      readVerdict(getObject(row.test_result?.report)) ??
      readVerdict(row.test_result) ??
      // Old rows: `test_result.result.resolved`.
      readVerdict(getObject(row.test_result?.result)) ??
      readVerdict(value) ??
      (typeof row.success === "boolean" ? (row.success ? 1 : 0) : null),
    status,
    error: row.error ?? stream.error ?? null,
    metadata,
    original: elideBlobs(value),
  };
}

function readVerdict(value: unknown): number | null {
  const object = getObject(value);
  if (!object) return null;
  if (typeof object.resolved === "boolean") return object.resolved ? 1 : 0;
  return getNumber(object.reward) ?? null;
}

/** Totals only: the per-call arrays (latencies, token usages) stay in `original`. */
function readMetrics(metrics: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (metrics.accumulated_cost !== undefined) out.accumulatedCost = metrics.accumulated_cost;
  if (isObject(metrics.accumulated_token_usage)) out.accumulatedTokenUsage = metrics.accumulated_token_usage;
  const latencies = Array.isArray(metrics.response_latencies) ? metrics.response_latencies.length : null;
  if (latencies !== null) out.modelCalls = latencies;
  return out;
}
