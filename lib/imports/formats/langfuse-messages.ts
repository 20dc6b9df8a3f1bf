import { getArray, getObject, getText, isObject, parseToolArguments } from "@/lib/imports/read/json-value";
import type { MessagePart, NormalizedMessage } from "@/lib/imports/types";
import { mapAnthropicMessage } from "./shared/anthropic-messages";
import {
  buildBase64ImagePart,
  buildImagePart,
  buildOtherPart,
  joinText,
  stringifyContent,
} from "./shared/message-text";
import { mapOpenAiMessage } from "./shared/openai-messages";

// What an observation's input/output holds, whatever SDK captured it: OpenAI chat messages,
// Responses API items or a response object, Anthropic messages/blocks, OTel GenAI `{role, parts}`
// messages, `{messages}` wrappers, `{prompt, system}`, or plain text. Unknown shapes give [].

export type IoSide = "input" | "output";

const ANTHROPIC_BLOCKS = new Set([
  "tool_use",
  "tool_result",
  "thinking",
  "redacted_thinking",
  "server_tool_use",
]);
const RESPONSES_ITEMS = new Set(["message", "function_call", "function_call_output", "reasoning"]);
const MEDIA_MARKER = /^@@@langfuseMedia:type=([^|]+)\|/;

/** Decodes JSON-encoded strings (exports stringify input/output, sometimes twice). */
export function decodeIo(value: unknown): unknown {
  let current = value;
  for (let depth = 0; depth < 3 && typeof current === "string"; depth += 1) {
    const trimmed = current.trim();
    if (!/^[[{"]/.test(trimmed)) break;
    try {
      current = JSON.parse(trimmed);
    } catch {
      break;
    }
  }
  return current;
}

/** Messages carried by an input or output value; plain text becomes a user (input) or assistant (output) message. */
export function readIoMessages(raw: unknown, side: IoSide): NormalizedMessage[] {
  const value = decodeIo(raw);
  if (value === null || value === undefined || value === "") return [];
  if (typeof value === "string") {
    const media = MEDIA_MARKER.exec(value);
    if (media)
      return [
        {
          role: side === "input" ? "user" : "assistant",
          text: "",
          parts: [{ type: "other", kind: "media", summary: media[1] }],
        },
      ];
    return [{ role: side === "input" ? "user" : "assistant", text: value }];
  }
  if (Array.isArray(value)) return readItemList(value);
  if (!isObject(value)) return [];
  if (Array.isArray(value.messages)) {
    const system = getText(value.system);
    const messages = readItemList(value.messages);
    return system ? [{ role: "system", text: system }, ...messages] : messages;
  }
  if (value.object === "response" && Array.isArray(value.output)) return readItemList(value.output);
  // Gemini (google-genai) requests and responses, as OpenInference and the ADK record them, in
  // camelCase or the Python SDK's snake_case: `{contents, config: {system_instruction}}`,
  // `{candidates: [{content}]}`, an ADK LlmResponse `{content: {role, parts}}`.
  if (Array.isArray(value.contents)) {
    const config = getObject(value.config);
    const system = readGeminiSystem(
      config?.system_instruction ??
        config?.systemInstruction ??
        value.system_instruction ??
        value.systemInstruction,
    );
    const messages = readItemList(value.contents);
    return system ? [{ role: "system", text: system }, ...messages] : messages;
  }
  if (Array.isArray(value.candidates)) {
    const content = getObject(getObject(value.candidates[0])?.content);
    return content ? readItemList([{ role: "model", ...content }]) : [];
  }
  if (isObject(value.content) && Array.isArray(value.content.parts)) {
    return readItemList([{ role: "model", ...value.content }]);
  }
  if (Array.isArray(value.choices)) {
    const message = getObject(getObject(value.choices[0])?.message);
    return message ? readItemList([message]) : [];
  }
  if (typeof value.role === "string") return readItemList([value]);
  if (typeof value.prompt === "string") {
    const system = getText(value.system);
    const user: NormalizedMessage = { role: "user", text: value.prompt };
    return system ? [{ role: "system", text: system }, user] : [user];
  }
  return [];
}

/** A system prompt a response object carries beside its messages (Responses API `instructions`). */
export function readInstructions(raw: unknown): string | null {
  const value = decodeIo(raw);
  return isObject(value) ? (getText(value.instructions) ?? null) : null;
}

function readItemList(items: unknown[]): NormalizedMessage[] {
  const messages: NormalizedMessage[] = [];
  let pendingReasoning: string[] = [];
  let previousItemType: string | null = null;
  items.forEach((item, index) => {
    if (!isObject(item)) return;
    const itemType = getText(item.type) ?? null;
    if (itemType === "reasoning") {
      const summary = getArray(item.summary).map((part) =>
        isObject(part) ? getText(part.text) : getText(part),
      );
      pendingReasoning.push(joinText(summary));
    } else if (itemType === "function_call" || itemType === "custom_tool_call") {
      const call = {
        id: getText(item.call_id) ?? getText(item.id) ?? "",
        name: getText(item.name) ?? "",
        arguments: parseToolArguments(item.arguments ?? item.input),
      };
      const last = messages.at(-1);
      // Calls listed right after an assistant item belong to that same model turn.
      const isSameTurn =
        last?.role === "assistant" &&
        (previousItemType === "message" || previousItemType === "function_call");
      if (last && isSameTurn) last.toolCalls = [...(last.toolCalls ?? []), call];
      else messages.push(withReasoning({ role: "assistant", text: "", toolCalls: [call] }, pendingReasoning));
      pendingReasoning = [];
    } else if (itemType === "function_call_output" || itemType === "custom_tool_call_output") {
      const output = decodeIo(item.output);
      messages.push({
        role: "tool",
        text: stringifyContent(output),
        toolCallId: getText(item.call_id) ?? null,
      });
    } else if (Array.isArray(item.parts) && isGeminiContent(item)) {
      messages.push(...mapGeminiContent(item));
    } else if (Array.isArray(item.parts)) {
      messages.push(...mapOtelMessage(item));
    } else if (typeof item.role === "string") {
      const mapped = isAnthropicShaped(item)
        ? mapAnthropicMessage(item, `item ${index}`)
        : [mapOpenAiMessage(item, `item ${index}`)];
      if (mapped[0]?.role === "assistant") mapped[0] = withReasoning(mapped[0], pendingReasoning);
      pendingReasoning = [];
      messages.push(...mapped);
    } else if (itemType && !RESPONSES_ITEMS.has(itemType)) {
      messages.push({ role: "assistant", text: "", parts: [buildOtherPart(itemType, item.status)] });
    }
    previousItemType =
      itemType === "custom_tool_call"
        ? "function_call"
        : (itemType ?? (typeof item.role === "string" ? "message" : null));
  });
  return messages;
}

function withReasoning(message: NormalizedMessage, reasoning: string[]): NormalizedMessage {
  const text = joinText([message.reasoning, ...reasoning]);
  return text ? { ...message, reasoning: text } : message;
}

function isAnthropicShaped(item: Record<string, unknown>): boolean {
  return (
    Array.isArray(item.content) &&
    item.content.some((block) => isObject(block) && ANTHROPIC_BLOCKS.has(String(block.type)))
  );
}

const GEMINI_PART_KEYS = [
  "text",
  "functionCall",
  "function_call",
  "functionResponse",
  "function_response",
  "inlineData",
  "inline_data",
  "fileData",
  "file_data",
  "executableCode",
  "executable_code",
  "codeExecutionResult",
  "code_execution_result",
];

/** A Gemini `Content` `{role: user | model | function, parts}`: parts keyed by kind, without OTel's `type`. */
function isGeminiContent(item: Record<string, unknown>): boolean {
  const parts = getArray(item.parts).filter(isObject);
  if (parts.length === 0) return item.role === "model";
  return parts.every((part) => !("type" in part) && GEMINI_PART_KEYS.some((key) => key in part));
}

function readGeminiSystem(value: unknown): string | null {
  const decoded = decodeIo(value);
  if (typeof decoded === "string") return decoded.trim() ? decoded : null;
  if (isObject(decoded) && Array.isArray(decoded.parts)) {
    return joinText(decoded.parts.map((part) => (isObject(part) ? getText(part.text) : null))) || null;
  }
  return null;
}

/**
 * Gemini content: text parts (those marked `thought` are reasoning), function calls (a call without
 * an id links to its response by name and order), function responses as tool messages, media parts.
 */
export function mapGeminiContent(item: Record<string, unknown>): NormalizedMessage[] {
  const sourceRole = getText(item.role) ?? "user";
  const role =
    sourceRole === "model" || sourceRole === "assistant"
      ? "assistant"
      : sourceRole === "system"
        ? "system"
        : "user";
  const message: NormalizedMessage = { role, text: "" };
  const texts: string[] = [];
  const reasoning: string[] = [];
  const parts: MessagePart[] = [];
  const results: NormalizedMessage[] = [];
  for (const part of getArray(item.parts)) {
    if (!isObject(part)) continue;
    const call = getObject(part.functionCall ?? part.function_call);
    const response = getObject(part.functionResponse ?? part.function_response);
    const inline = getObject(part.inlineData ?? part.inline_data);
    const file = getObject(part.fileData ?? part.file_data);
    if (typeof part.text === "string") (part.thought === true ? reasoning : texts).push(part.text);
    else if (call) {
      message.toolCalls = [
        ...(message.toolCalls ?? []),
        {
          id: getText(call.id) ?? "",
          name: getText(call.name) ?? "",
          arguments: parseToolArguments(call.args ?? {}),
        },
      ];
    } else if (response) {
      results.push({
        role: "tool",
        text: stringifyContent(decodeIo(response.response)),
        toolCallId: getText(response.id) ?? null,
        toolName: getText(response.name) ?? null,
      });
    } else if (inline)
      parts.push(buildBase64ImagePart(inline.data, getText(inline.mimeType ?? inline.mime_type)));
    else if (file) {
      parts.push({
        type: "file",
        url: getText(file.fileUri ?? file.file_uri),
        mediaType: getText(file.mimeType ?? file.mime_type),
      });
    } else parts.push(buildOtherPart(Object.keys(part)[0] ?? "part"));
  }
  message.text = joinText(texts);
  if (reasoning.length > 0) message.reasoning = joinText(reasoning);
  if (parts.length > 0) message.parts = parts;
  const hasBody = message.text || message.reasoning || message.parts || message.toolCalls;
  // A user/function turn made only of function responses is just those responses.
  return hasBody || results.length === 0 ? [message, ...results] : results;
}

/** OTel GenAI `{role, parts, name?, finish_reason?}`: tool responses split into `tool` messages. */
export function mapOtelMessage(item: Record<string, unknown>): NormalizedMessage[] {
  const sourceRole = getText(item.role) ?? "user";
  const role =
    sourceRole === "assistant" || sourceRole === "tool" || sourceRole === "system" ? sourceRole : "user";
  const texts: string[] = [];
  const reasoning: string[] = [];
  const parts: MessagePart[] = [];
  const message: NormalizedMessage = { role, text: "" };
  const results: NormalizedMessage[] = [];
  for (const part of getArray(item.parts)) {
    if (!isObject(part)) continue;
    const type = getText(part.type) ?? "unknown";
    if (type === "text") texts.push(stringifyContent(part.content));
    else if (type === "reasoning") reasoning.push(stringifyContent(part.content));
    else if (type === "tool_call") {
      const call = {
        id: getText(part.id) ?? "",
        name: getText(part.name) ?? "",
        arguments: parseToolArguments(part.arguments),
      };
      message.toolCalls = [...(message.toolCalls ?? []), call];
    } else if (type === "tool_call_response") {
      const response = decodeIo(part.response ?? part.result);
      results.push({ role: "tool", text: stringifyContent(response), toolCallId: getText(part.id) ?? null });
    } else if (type === "blob") parts.push(buildBase64ImagePart(part.content, getText(part.mime_type)));
    else if (type === "uri")
      parts.push(
        part.modality === "image"
          ? buildImagePart(part.uri, getText(part.mime_type))
          : { type: "file", url: getText(part.uri), mediaType: getText(part.mime_type) },
      );
    else if (type === "file")
      parts.push({ type: "file", name: getText(part.file_id), mediaType: getText(part.mime_type) });
    else parts.push(buildOtherPart(type));
  }
  message.text = joinText(texts);
  if (reasoning.length > 0) message.reasoning = joinText(reasoning);
  if (parts.length > 0) message.parts = parts;
  const finish = getText(item.finish_reason);
  if (finish) message.metadata = { finishReason: finish };
  const hasBody = message.text || message.reasoning || message.parts || message.toolCalls;
  // A `tool` message made only of responses is just those responses.
  if (role === "tool" && !hasBody) return results;
  return hasBody || results.length === 0 ? [message, ...results] : results;
}

/** Identity of a message for de-duplicating the history every model call repeats. */
export function signMessage(message: NormalizedMessage): string {
  const calls = (message.toolCalls ?? []).map((call) => `${call.id}:${call.name}`).join(",");
  return `${message.role}|${message.toolCallId ?? ""}|${calls}|${message.text.trim()}`;
}
