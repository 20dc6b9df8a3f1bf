import {
  getArray,
  getObject,
  getText,
  isObject,
  parseToolArguments,
  toIsoTime,
} from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { MessagePart, NormalizedMessage, ToolCall } from "@/lib/imports/types";
import { buildImagePart, buildOtherPart, joinText, stringifyContent } from "./shared/message-text";
import { mapOpenAiMessage } from "./shared/openai-messages";

// OpenHands V1 (software-agent-sdk) events, discriminated by `kind`. Consecutive ActionEvents of
// one `llm_response_id` are one assistant turn with parallel tool calls; observations, rejections
// and agent errors answer a call by `tool_call_id`.

export type V1Result = {
  messages: NormalizedMessage[];
  states: Array<{ key: string; value: unknown; at: string | null }>;
  /** Conversation-level errors (the run failed), not per-call agent errors. */
  errors: string[];
  skipped: Record<string, number>;
};

/** True for an object that looks like a V1 event (`kind` naming an event class). */
export function isOpenHandsV1Event(value: unknown): boolean {
  return (
    isObject(value) && typeof value.kind === "string" && /Event$|Observation$|^Condensation/.test(value.kind)
  );
}

export function mapOpenHandsV1Events(events: unknown[]): V1Result {
  const result: V1Result = { messages: [], states: [], errors: [], skipped: {} };
  let turn: { responseId: string; message: NormalizedMessage } | null = null;
  events.forEach((raw, index) => {
    if (!isObject(raw)) throw new ImportRecordError(`event ${index + 1} is not an object`);
    const kind = getText(raw.kind) ?? "unknown";
    const createdAt = toIsoTime(raw.timestamp);
    const push = (message: NormalizedMessage) => {
      const withMeta: NormalizedMessage = {
        ...message,
        metadata: { ...message.metadata, kind, eventId: raw.id ?? null },
      };
      result.messages.push(createdAt ? { ...withMeta, createdAt } : withMeta);
      return result.messages[result.messages.length - 1];
    };
    if (kind === "ActionEvent") {
      const call = readActionCall(raw);
      const responseId = getText(raw.llm_response_id);
      if (responseId && turn?.responseId === responseId) {
        turn.message.toolCalls = [...(turn.message.toolCalls ?? []), call];
        return;
      }
      const message: NormalizedMessage = {
        role: "assistant",
        text: readTextParts(raw.thought),
        toolCalls: [call],
      };
      const reasoning = getText(raw.reasoning_content);
      if (reasoning) message.reasoning = reasoning;
      const pushed = push(message);
      turn = responseId ? { responseId, message: pushed } : null;
      return;
    }
    turn = null;
    if (kind === "SystemPromptEvent") {
      push({
        role: "system",
        text: joinText([readTextParts(raw.system_prompt), readTextParts(raw.dynamic_context)]),
      });
    } else if (kind === "MessageEvent") {
      push(mapOpenAiMessage(normalizeLlmMessage(raw.llm_message), `event ${index + 1}.llm_message`));
    } else if (
      kind === "ObservationEvent" ||
      kind === "UserRejectObservation" ||
      kind === "AgentErrorEvent"
    ) {
      push(mapToolResult(raw, kind));
    } else if (kind === "ConversationStateUpdateEvent") {
      result.states.push({ key: getText(raw.key) ?? "state", value: raw.value, at: createdAt });
    } else if (kind === "ConversationErrorEvent") {
      const error = getText(raw.detail) ?? getText(raw.code) ?? "conversation error";
      result.errors.push(error);
    } else {
      result.skipped[kind] = (result.skipped[kind] ?? 0) + 1;
    }
  });
  return result;
}

function readActionCall(raw: Record<string, unknown>): ToolCall {
  const sent = getObject(raw.tool_call);
  const id = getText(raw.tool_call_id) ?? getText(sent?.id) ?? "";
  const name = getText(raw.tool_name) ?? getText(sent?.name) ?? "";
  if (sent && "arguments" in sent) return { id, name, arguments: parseToolArguments(sent.arguments) };
  const action = getObject(raw.action);
  const args = action ? Object.fromEntries(Object.entries(action).filter(([key]) => key !== "kind")) : {};
  return { id, name, arguments: args };
}

function mapToolResult(raw: Record<string, unknown>, kind: string): NormalizedMessage {
  const message: NormalizedMessage = {
    role: "tool",
    text: "",
    toolCallId: getText(raw.tool_call_id) ?? null,
    toolName: getText(raw.tool_name) ?? null,
  };
  if (kind === "UserRejectObservation") {
    message.text = `Action rejected: ${getText(raw.rejection_reason) ?? "rejected"}`;
    message.error = message.text;
  } else if (kind === "AgentErrorEvent") {
    // A scaffold error answering one call (bad arguments, a failed tool); the agent usually goes on.
    message.text = getText(raw.error) ?? "agent error";
    message.error = message.text;
  } else {
    const observation = getObject(raw.observation);
    const content = observation?.content ?? observation?.output ?? observation?.text;
    const parts = readParts(content);
    message.text = parts.text;
    if (parts.parts.length > 0) message.parts = parts.parts;
    if (observation?.is_error === true || observation?.error) {
      message.error = getText(observation.error) ?? (message.text || "tool error");
    }
  }
  return message;
}

/** Text of a TextContent, a list of content parts, or a string. */
function readTextParts(value: unknown): string {
  return readParts(value).text;
}

function readParts(value: unknown): { text: string; parts: MessagePart[] } {
  if (typeof value === "string") return { text: value, parts: [] };
  const list = Array.isArray(value) ? value : isObject(value) ? [value] : [];
  const texts: string[] = [];
  const parts: MessagePart[] = [];
  for (const part of list) {
    if (!isObject(part)) continue;
    if (typeof part.text === "string") texts.push(part.text);
    else if (part.type === "image")
      for (const url of getArray(part.image_urls)) parts.push(buildImagePart(url));
    else parts.push(buildOtherPart(getText(part.type) ?? "content", stringifyContent(part)));
  }
  return { text: joinText(texts), parts };
}

/** SDK image parts (`{type: "image", image_urls}`) become OpenAI `image_url` parts for the shared mapper. */
function normalizeLlmMessage(value: unknown): unknown {
  const message = getObject(value);
  if (!message || !Array.isArray(message.content)) return value;
  const content = message.content.flatMap((part) =>
    isObject(part) && part.type === "image"
      ? getArray(part.image_urls).map((url) => ({ type: "image_url", image_url: { url } }))
      : [part],
  );
  return { ...message, content };
}
