import { z } from "zod";
import { getNumber, getObject, getText, isObject } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { MessageRole, NormalizedMessage, NormalizedRollout } from "@/lib/imports/types";
import { readFunctionToolCalls } from "./function-tool-calls";
import { joinText } from "./shared/message-text";
import { readOpenAiContent } from "./shared/openai-messages";
import { buildRollout } from "./shared/rollout";
import { readExitStatus, readInstanceIdFromName } from "./swe-agent-status";
import { describeZodIssue } from "./zod-issue";

// SWE-agent `.traj`: `history` is the conversation the model saw (old thought/action text turns, or
// 1.0 function calling with `tool_calls`/`tool_call_ids`/`message_type`); `trajectory` has one step
// per action. Demonstration turns (`is_demo`) are not part of the run and are skipped.

const text = z.string().nullish();

const historyItemSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(z.unknown())]).nullish(),
  message_type: text,
  agent: text,
  is_demo: z.boolean().nullish(),
  thought: text,
  action: text,
  tool_calls: z.array(z.unknown()).nullish(),
  tool_call_ids: z.array(z.string()).nullish(),
  thinking_blocks: z.array(z.unknown()).nullish(),
});

const stepSchema = z.looseObject({
  thought: text,
  action: text,
  response: text,
  observation: text,
  execution_time: z.number().nullish(),
  state: z.unknown().optional(),
});

const infoSchema = z.looseObject({
  exit_status: text,
  submission: text,
  model_stats: z.record(z.string(), z.unknown()).nullish(),
  swe_agent_version: text,
  best_attempt_idx: z.number().nullish(),
});

export const sweAgentTrajSchema = z.looseObject({
  trajectory: z.array(stepSchema),
  history: z.array(z.unknown()).nullish(),
  info: infoSchema.nullish(),
  replay_config: z.unknown().optional(),
  environment: text,
  attempts: z.array(z.unknown()).nullish(),
});
type SweAgentTraj = z.infer<typeof sweAgentTrajSchema>;

const ROLES = new Set<MessageRole>(["system", "user", "assistant", "tool"]);

/** Maps a `.traj` to rollouts: one, or one per attempt for the retry agent. */
export function mapSweAgentTraj(value: unknown, fileName: string): NormalizedRollout[] {
  const top = parseTraj(value, "the trajectory");
  if (top.attempts && top.attempts.length > 0) {
    const best = top.info?.best_attempt_idx ?? null;
    return top.attempts.map((attempt, index) =>
      buildTrajRollout(parseTraj(attempt, `attempts[${index}]`), {
        value: attempt,
        fileName,
        attempt: index,
        best,
      }),
    );
  }
  return [buildTrajRollout(top, { value, fileName })];
}

function parseTraj(value: unknown, where: string): SweAgentTraj {
  const parsed = sweAgentTrajSchema.safeParse(value);
  if (!parsed.success)
    throw new ImportRecordError(`${where} is not a SWE-agent trajectory: ${describeZodIssue(parsed.error)}`);
  return parsed.data;
}

function buildTrajRollout(
  traj: SweAgentTraj,
  options: { value: unknown; fileName: string; attempt?: number; best?: number | null },
): NormalizedRollout {
  const replay = readReplayConfig(traj.replay_config);
  const instanceId =
    getText(getObject(replay?.problem_statement)?.id) ?? readInstanceIdFromName(options.fileName);
  const { messages, demoCount } =
    traj.history && traj.history.length > 0
      ? mapHistory(traj.history, traj.trajectory)
      : { messages: mapSteps(traj.trajectory), demoCount: 0 };
  const info = traj.info ?? {};
  const exitStatus = info.exit_status ?? undefined;
  const status = readExitStatus(exitStatus);
  const metadata: Record<string, unknown> = { exitStatus: exitStatus ?? null, steps: traj.trajectory.length };
  if (info.submission) metadata.submission = info.submission;
  if (info.model_stats) metadata.modelStats = info.model_stats;
  if (info.swe_agent_version) metadata.sweAgentVersion = info.swe_agent_version;
  if (traj.environment) metadata.environment = traj.environment;
  if (demoCount > 0) metadata.demonstrationMessagesSkipped = demoCount;
  if (options.attempt !== undefined) {
    metadata.attempt = options.attempt;
    metadata.isBestAttempt = options.best === options.attempt;
  }
  const reward = getNumber(getObject(options.value)?.reward) ?? readResolved(info);
  return buildRollout({
    externalId:
      options.attempt === undefined ? instanceId : `${instanceId ?? "trajectory"}#attempt-${options.attempt}`,
    taskKey: instanceId,
    model: getText(getObject(getObject(replay?.agent)?.model)?.name) ?? null,
    harness: "swe-agent",
    reward,
    status,
    error: status === "error" ? (exitStatus ?? null) : null,
    messages,
    metadata,
    original: options.value,
  });
}

/** `replay_config` is a JSON string in most versions and an object in some. */
function readReplayConfig(value: unknown): Record<string, unknown> | undefined {
  if (isObject(value)) return value;
  if (typeof value !== "string") return undefined;
  try {
    return getObject(JSON.parse(value));
  } catch {
    return undefined;
  }
}

/** SWE-agent stores no reward; some pipelines add `info.resolved` after evaluation. */
function readResolved(info: Record<string, unknown>): number | null {
  return typeof info.resolved === "boolean" ? (info.resolved ? 1 : 0) : null;
}

function mapHistory(history: unknown[], steps: SweAgentTraj["trajectory"]) {
  const messages: NormalizedMessage[] = [];
  let demoCount = 0;
  history.forEach((raw, index) => {
    const parsed = historyItemSchema.safeParse(raw);
    if (!parsed.success) throw new ImportRecordError(`history[${index}]: ${describeZodIssue(parsed.error)}`);
    const item = parsed.data;
    if (item.is_demo) {
      demoCount += 1;
      return;
    }
    messages.push(mapHistoryItem(item));
  });
  attachStepDetails(messages, steps);
  return { messages, demoCount };
}

function mapHistoryItem(item: z.infer<typeof historyItemSchema>): NormalizedMessage {
  const role = ROLES.has(item.role as MessageRole) ? (item.role as MessageRole) : "user";
  const content = readOpenAiContent(item.content);
  const message: NormalizedMessage = { role, text: content.text };
  if (content.parts.length > 0) message.parts = content.parts;
  const thinking = (item.thinking_blocks ?? []).map((block) => getText(getObject(block)?.thinking));
  const reasoning = joinText(thinking);
  if (reasoning) message.reasoning = reasoning;
  const toolCalls = readFunctionToolCalls(item.tool_calls);
  if (toolCalls.length > 0) message.toolCalls = toolCalls;
  const metadata: Record<string, unknown> = {};
  if (role === "tool") {
    message.toolCallId = item.tool_call_ids?.[0] ?? null;
    if ((item.tool_call_ids?.length ?? 0) > 1) metadata.toolCallIds = item.tool_call_ids;
  }
  if (role !== item.role) metadata.role = item.role;
  if (item.message_type) metadata.messageType = item.message_type;
  if (item.agent) metadata.agent = item.agent;
  if (item.action && role === "assistant") metadata.action = item.action;
  if (Object.keys(metadata).length > 0) message.metadata = metadata;
  return message;
}

/** Step timings go on the assistant turn that took the step, when the two lists line up. */
function attachStepDetails(messages: NormalizedMessage[], steps: SweAgentTraj["trajectory"]): void {
  const turns = messages.filter((message) => message.role === "assistant");
  if (turns.length !== steps.length) return;
  turns.forEach((turn, index) => {
    const time = steps[index].execution_time;
    if (time != null) turn.metadata = { ...turn.metadata, executionTime: time };
  });
}

/** No history: rebuild the conversation from the steps (response, then observation). */
function mapSteps(steps: SweAgentTraj["trajectory"]): NormalizedMessage[] {
  return steps.flatMap((step): NormalizedMessage[] => {
    const turn: NormalizedMessage = {
      role: "assistant",
      text: step.response ?? joinText([step.thought, step.action]),
    };
    if (step.action) turn.metadata = { action: step.action };
    return step.observation == null ? [turn] : [turn, { role: "user", text: step.observation }];
  });
}
