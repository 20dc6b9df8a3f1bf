import { z } from "zod";
import {
  getArray,
  getNumber,
  getObject,
  getText,
  isObject,
  parseToolArguments,
  toIsoTime,
} from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { NormalizedMessage, ToolCall } from "@/lib/imports/types";
import { buildImagePart, stringifyContent } from "./shared/message-text";
import { readOpenAiUsage } from "./shared/openai-messages";
import { describeZodIssue } from "./zod-issue";

// OpenHands V0 event stream: actions (`action`) and observations (`observation`). Agent actions are
// tool calls; with native function calling `tool_call_metadata` names the call and embeds the raw
// model response (parallel calls share it), otherwise a call id is synthesized from the event id.
// Observations answer the action named by `cause` (or the same tool call id).

const text = z.string().nullish();

const eventSchema = z.looseObject({
  id: z.union([z.number(), z.string()]).nullish(),
  timestamp: text,
  source: text,
  message: text,
  action: text,
  observation: text,
  args: z.record(z.string(), z.unknown()).nullish(),
  content: z.unknown().optional(),
  extras: z.record(z.string(), z.unknown()).nullish(),
  cause: z.union([z.number(), z.string()]).nullish(),
  tool_call_metadata: z
    .looseObject({
      function_name: text,
      tool_call_id: text,
      model_response: z.unknown().optional(),
      total_calls_in_response: z.number().nullish(),
    })
    .nullish(),
});
type OpenHandsEvent = z.infer<typeof eventSchema>;

export type EventStreamResult = {
  messages: NormalizedMessage[];
  /** Agent state changes in order (`loading`, `running`, `awaiting_user_input`, `error`, …). */
  agentStates: Array<{ state: string; at: string | null }>;
  /** Contents of `error` observations. */
  errors: string[];
  /** The model named by the embedded model responses. */
  model: string | null;
  finish: Record<string, unknown> | null;
  skipped: Record<string, number>;
};

/** Event types that carry no conversation: kept as rollout metadata (state) or only in `original`. */
const SILENT_ACTIONS = new Set([
  "change_agent_state",
  "recall",
  "null",
  "condensation",
  "condensation_request",
]);
const SILENT_OBSERVATIONS = new Set(["agent_state_changed", "null", "recall"]);
/** Action arguments that are bookkeeping, not tool input (used when no raw tool call is embedded). */
const BOOKKEEPING_ARGS = new Set([
  "thought",
  "impl_source",
  "translated_ipython_code",
  "confirmation_state",
  "hidden",
  "is_input",
  "blocking",
  "is_static",
]);

/** Maps a V0 event list (a trajectory file, or an evaluation row's `history`). */
export function mapOpenHandsEvents(events: unknown[]): EventStreamResult {
  const result: EventStreamResult = {
    messages: [],
    agentStates: [],
    errors: [],
    model: null,
    finish: null,
    skipped: {},
  };
  const context: StreamContext = { result, callByEvent: new Map(), pending: [], turn: null, position: 0 };
  events.forEach((raw, index) => {
    context.position = index;
    const parsed = eventSchema.safeParse(withNestedFields(raw));
    if (!parsed.success) throw new ImportRecordError(`event ${index + 1}: ${describeZodIssue(parsed.error)}`);
    const event = parsed.data;
    if (event.action) mapAction(event, context);
    else if (event.observation) mapObservation(event, context);
    else countSkipped(result, "unknown");
  });
  return result;
}

/** The fields every event has; the rest of a flattened event are its `args` or `extras`. */
const EVENT_FIELDS = new Set([
  "id",
  "timestamp",
  "source",
  "message",
  "action",
  "observation",
  "content",
  "cause",
  "tool_call_metadata",
  "llm_metrics",
  "timeout",
]);

/**
 * Some exports (the issue resolver's `history`) flatten an event: `{action: "run", command, thought}`
 * instead of `{action: "run", args: {command, thought}}`. Their other fields become `args` (an
 * action's) or `extras` (an observation's), so nothing they say is lost. A message action's
 * `content` is its text.
 */
function withNestedFields(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const isAction = typeof raw.action === "string";
  const isObservation = !isAction && typeof raw.observation === "string";
  if ((isAction && raw.args !== undefined) || (isObservation && raw.extras !== undefined)) return raw;
  if (!isAction && !isObservation) return raw;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (!EVENT_FIELDS.has(key)) rest[key] = value;
  if (isObservation) return { ...raw, extras: rest };
  // A message's text, or an edit's new text: an argument either way.
  if (raw.content !== undefined) rest.content = raw.content;
  return { ...raw, args: rest };
}

type StreamContext = {
  result: EventStreamResult;
  callByEvent: Map<string, ToolCall>;
  /** Calls not answered yet, oldest first: an observation naming no cause answers the oldest. */
  pending: ToolCall[];
  /** The event's position in the stream, for call ids when events carry no id. */
  position: number;
  /** The assistant turn of the latest model response: its parallel calls arrive as separate actions. */
  turn: { responseId: string; message: NormalizedMessage } | null;
};

function mapAction(event: OpenHandsEvent, context: StreamContext): void {
  const { result, callByEvent } = context;
  const action = event.action ?? "";
  const args = event.args ?? {};
  const createdAt = toIsoTime(event.timestamp);
  if (action === "change_agent_state") {
    const state = getText(args.agent_state);
    if (state) result.agentStates.push({ state, at: createdAt });
    return;
  }
  if (SILENT_ACTIONS.has(action)) {
    countSkipped(result, action);
    return;
  }
  if (action === "system" || action === "message") context.turn = null;
  if (action === "system") {
    result.messages.push(
      withTime({ role: "system", text: getText(args.content) ?? event.message ?? "" }, createdAt),
    );
    return;
  }
  if (action === "message") {
    const role = event.source === "agent" ? "assistant" : "user";
    const message: NormalizedMessage = {
      role,
      text: getText(args.content) ?? getText(event.message) ?? getText(event.content) ?? "",
    };
    const images = getArray(args.image_urls).map((url) => buildImagePart(url));
    if (images.length > 0) message.parts = images;
    result.messages.push(withTime(message, createdAt));
    return;
  }
  if (event.source && event.source !== "agent") {
    // A command the user (or environment) ran itself: context for the agent, not a tool call.
    const text = event.message || getText(args.command) || stringifyContent(args);
    result.messages.push(
      withTime({ role: "user", text, metadata: { action, source: event.source } }, createdAt),
    );
    context.turn = null;
    return;
  }
  // Every other action is a tool call by the agent.
  const metadata = event.tool_call_metadata;
  const response = getObject(metadata?.model_response);
  const responseId = getText(response?.id) ?? null;
  const call = buildCall(event, response, context.position);
  if (event.id != null) callByEvent.set(String(event.id), call);
  context.pending.push(call);
  if (action === "finish") result.finish = { ...args };
  const current = context.turn;
  if (responseId && current?.responseId === responseId) {
    current.message.toolCalls = [...(current.message.toolCalls ?? []), call];
    return;
  }
  const reply = getObject(getObject(getArray(response?.choices)[0])?.message);
  const turn: NormalizedMessage = {
    role: "assistant",
    // The model's words, else the action's thought (what it said before acting).
    text:
      (reply ? stringifyContent(reply.content) : "") ||
      (getText(args.thought) ?? getText(args.final_thought) ?? ""),
    toolCalls: [call],
  };
  const reasoning = getText(reply?.reasoning_content);
  if (reasoning) turn.reasoning = reasoning;
  const tokens = readOpenAiUsage(response?.usage);
  if (tokens) turn.tokens = tokens;
  const model = getText(response?.model);
  if (model) {
    turn.model = model;
    result.model ??= model;
  }
  turn.metadata = { action, eventId: event.id ?? null };
  const message = withTime(turn, createdAt);
  result.messages.push(message);
  context.turn = responseId ? { responseId, message } : null;
}

/** The call as the model sent it (from the embedded response) or rebuilt from the action's arguments. */
function buildCall(
  event: OpenHandsEvent,
  response: Record<string, unknown> | undefined,
  position: number,
): ToolCall {
  const metadata = event.tool_call_metadata;
  const id = metadata?.tool_call_id ?? `openhands-event-${event.id ?? `at-${position}`}`;
  const name = metadata?.function_name ?? event.action ?? "action";
  const sent = getArray(getObject(getObject(getArray(response?.choices)[0])?.message)?.tool_calls)
    .filter(isObject)
    .find((call) => call.id === id);
  if (sent) return { id, name, arguments: parseToolArguments(getObject(sent.function)?.arguments) };
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event.args ?? {}))
    if (!BOOKKEEPING_ARGS.has(key)) args[key] = value;
  return { id, name, arguments: args };
}

function mapObservation(event: OpenHandsEvent, context: StreamContext): void {
  const { result, callByEvent } = context;
  const observation = event.observation ?? "";
  const extras = event.extras ?? {};
  const createdAt = toIsoTime(event.timestamp);
  if (observation === "agent_state_changed") {
    const state = getText(extras.agent_state);
    if (state) result.agentStates.push({ state, at: createdAt });
    return;
  }
  if (SILENT_OBSERVATIONS.has(observation)) {
    countSkipped(result, `${observation} observation`);
    return;
  }
  const content = stringifyContent(event.content ?? event.message ?? "");
  const namedId = event.tool_call_metadata?.tool_call_id;
  const caused = event.cause != null ? callByEvent.get(String(event.cause)) : undefined;
  // Without a cause or call id (flattened exports), an observation answers the oldest open call.
  const call =
    caused ??
    (namedId ? context.pending.find((c) => c.id === namedId) : undefined) ??
    (event.cause == null && !namedId && observation !== "error" ? context.pending[0] : undefined);
  if (call) context.pending = context.pending.filter((c) => c !== call);
  const callId = namedId ?? call?.id ?? null;
  const metadata: Record<string, unknown> = { observation };
  const exitCode = getNumber(getObject(extras.metadata)?.exit_code) ?? getNumber(extras.exit_code);
  if (exitCode !== undefined) metadata.exitCode = exitCode;
  if (event.cause != null) metadata.cause = event.cause;
  // Unlinked observations (errors from a call the agent could not make, user-side output) reach the
  // model as user messages, as OpenHands' own conversation memory does.
  const message: NormalizedMessage = callId
    ? {
        role: "tool",
        text: content,
        toolCallId: callId,
        toolName: event.tool_call_metadata?.function_name ?? call?.name ?? null,
      }
    : { role: "user", text: content };
  if (observation === "error") {
    message.error = content;
    result.errors.push(content);
  } else if (observation === "user_rejected") message.error = "the user rejected this action";
  message.metadata = metadata;
  result.messages.push(withTime(message, createdAt));
}

function withTime(message: NormalizedMessage, createdAt: string | null): NormalizedMessage {
  return createdAt ? { ...message, createdAt } : message;
}

function countSkipped(result: EventStreamResult, kind: string): void {
  result.skipped[kind] = (result.skipped[kind] ?? 0) + 1;
}
