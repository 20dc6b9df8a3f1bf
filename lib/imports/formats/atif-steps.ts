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
import type { MessagePart, MessageRole, NormalizedMessage, TokenCounts, ToolCall } from "@/lib/imports/types";
import { joinText, stringifyContent } from "./shared/message-text";

// ATIF steps → messages. One agent step holds the model output, its tool calls and their results
// (`observation.results`), so a step becomes one message plus one `tool` message per result.

const ROLE_BY_SOURCE: Record<string, MessageRole> = { agent: "assistant", user: "user", system: "system" };
/** Converter boilerplate on steps that only carry a tool result ("Tool result for toolu_…"). */
const RESULT_ONLY_TEXT = /^tool (execution )?results?\b/i;

export function mapAtifSteps(steps: unknown, defaultModel: string | null): NormalizedMessage[] {
  if (!Array.isArray(steps)) throw new ImportRecordError('trajectory has no "steps" list');
  const messages = steps.flatMap((step, index) => mapStep(step, index, defaultModel));
  return placeResultsAfterCalls(messages);
}

function mapStep(step: unknown, index: number, defaultModel: string | null): NormalizedMessage[] {
  if (!isObject(step)) throw new ImportRecordError(`steps[${index}] is not an object`);
  const source = getText(step.source) ?? "system";
  const role = ROLE_BY_SOURCE[source] ?? "system";
  const { text, parts } = readContent(step.message);
  const toolCalls = getArray(step.tool_calls).map((call, n) =>
    readToolCall(call, `steps[${index}].tool_calls[${n}]`),
  );
  const results = readObservation(step, text);
  const createdAt = toIsoTime(step.timestamp);
  const stepMetadata: Record<string, unknown> = { stepId: step.step_id };
  if (source !== role && !(source in ROLE_BY_SOURCE)) stepMetadata.source = source;
  if (step.is_copied_context === true) stepMetadata.isCopiedContext = true;
  if (isObject(step.extra)) stepMetadata.extra = step.extra;
  const isResultOnly =
    role !== "assistant" && toolCalls.length === 0 && results.length > 0 && RESULT_ONLY_TEXT.test(text);
  const messages: NormalizedMessage[] = [];
  if (!isResultOnly) {
    const message: NormalizedMessage = { role, text, metadata: stepMetadata };
    if (parts.length > 0) message.parts = parts;
    const reasoning = getText(step.reasoning_content);
    if (reasoning) message.reasoning = reasoning;
    if (toolCalls.length > 0) message.toolCalls = toolCalls;
    const tokens = readMetrics(step.metrics);
    if (tokens) message.tokens = tokens;
    if (role === "assistant") message.model = getText(step.model_name) ?? defaultModel;
    if (createdAt) message.createdAt = createdAt;
    messages.push(message);
  }
  for (const result of results) {
    const metadata = isResultOnly ? { ...stepMetadata, stepMessage: text } : { stepId: step.step_id };
    messages.push({ ...result, createdAt, metadata: { ...metadata, ...result.metadata } });
  }
  return messages;
}

/** `message` / `content`: a string, ContentPart[] (v1.6+), or (off-spec) any JSON value. */
function readContent(value: unknown): { text: string; parts: MessagePart[] } {
  if (typeof value === "string") return { text: value, parts: [] };
  if (!Array.isArray(value)) return { text: stringifyContent(value), parts: [] };
  const texts: string[] = [];
  const parts: MessagePart[] = [];
  for (const part of value) {
    if (!isObject(part)) texts.push(stringifyContent(part));
    else if (part.type === "text") texts.push(stringifyContent(part.text));
    else if (part.type === "image") {
      const source = getObject(part.source);
      // Images are files next to the trajectory (`images/…`), a path or a URL; never inline data.
      parts.push({
        type: "image",
        url: getText(source?.path) ?? getText(source?.url),
        mediaType: getText(source?.media_type),
      });
    } else parts.push({ type: "other", kind: getText(part.type) ?? "unknown" });
  }
  return { text: joinText(texts), parts };
}

function readToolCall(call: unknown, where: string): ToolCall {
  if (!isObject(call)) throw new ImportRecordError(`${where} is not an object`);
  // Spec: {tool_call_id, function_name, arguments}; some converters write {id, name, arguments|input}.
  return {
    id: getText(call.tool_call_id) ?? getText(call.id) ?? "",
    name: getText(call.function_name) ?? getText(call.name) ?? "",
    arguments: parseToolArguments(call.arguments ?? call.input),
  };
}

/** `observation.results[]`, or an off-spec single `{type: "tool_result", content, result}` object. */
function readObservation(step: Record<string, unknown>, stepText: string): NormalizedMessage[] {
  const observation = getObject(step.observation);
  if (!observation) return [];
  if (Array.isArray(observation.results)) return observation.results.map(readResult);
  if (!("content" in observation) && !("result" in observation)) return [];
  const result = getObject(observation.result);
  const content = observation.content ?? result?.output ?? result?.error;
  const callId =
    getText(observation.source_call_id) ??
    getText(observation.tool_use_id) ??
    /^Tool result for (\S+)/.exec(stepText)?.[1] ??
    null;
  const message: NormalizedMessage = { role: "tool", text: readContent(content).text, toolCallId: callId };
  if (result?.success === false) message.error = getText(result.error) ?? "tool error";
  return [message];
}

function readResult(result: unknown): NormalizedMessage {
  const object = getObject(result) ?? { content: result };
  const { text, parts } = readContent(object.content);
  const message: NormalizedMessage = {
    role: "tool",
    text,
    toolCallId: getText(object.source_call_id) ?? null,
  };
  if (parts.length > 0) message.parts = parts;
  const refs = getArray(object.subagent_trajectory_ref);
  if (refs.length > 0) message.metadata = { subagentTrajectoryRef: refs };
  return message;
}

function readMetrics(value: unknown): TokenCounts | null {
  const metrics = getObject(value);
  if (!metrics) return null;
  const tokens: TokenCounts = {};
  const input = getNumber(metrics.prompt_tokens);
  const output = getNumber(metrics.completion_tokens);
  const reasoning = getNumber(getObject(metrics.extra)?.reasoning_tokens);
  if (input !== undefined) tokens.input = input;
  if (output !== undefined) tokens.output = output;
  if (reasoning !== undefined) tokens.reasoning = reasoning;
  if (input !== undefined || output !== undefined) tokens.total = (input ?? 0) + (output ?? 0);
  return Object.keys(tokens).length > 0 ? tokens : null;
}

/**
 * Some converters log a tool result before the step that made the call. Such a result moves to just
 * after that step so the call is read first and the link points backwards; order is otherwise kept.
 */
export function placeResultsAfterCalls(messages: NormalizedMessage[]): NormalizedMessage[] {
  const callAt = new Map<string, number>();
  messages.forEach((message, index) => {
    for (const call of message.toolCalls ?? [])
      if (call.id && !callAt.has(call.id)) callAt.set(call.id, index);
  });
  const deferred = new Map<number, NormalizedMessage[]>();
  const ordered: NormalizedMessage[] = [];
  messages.forEach((message, index) => {
    const target = message.role === "tool" && message.toolCallId ? callAt.get(message.toolCallId) : undefined;
    if (target !== undefined && target > index) {
      deferred.set(target, [...(deferred.get(target) ?? []), message]);
      return;
    }
    ordered.push(message);
    ordered.push(...(deferred.get(index) ?? []));
  });
  return ordered;
}
