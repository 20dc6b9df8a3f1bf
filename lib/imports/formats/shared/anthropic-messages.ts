import { getNumber, getObject, getText, isObject, parseToolArguments } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { MessagePart, MessageRole, NormalizedMessage, TokenCounts, ToolCall } from "@/lib/imports/types";
import {
  buildBase64ImagePart,
  buildImagePart,
  buildOtherPart,
  joinText,
  stringifyContent,
} from "./message-text";

// Anthropic Messages API content blocks. Tool results live in user messages (client tools) or in
// the assistant message itself (server tools); both become `tool` messages at their position.

type Segment = { texts: string[]; reasoning: string[]; parts: MessagePart[]; toolCalls: ToolCall[] };

const SERVER_RESULT = /_tool_result$/;

/** Maps a list of Anthropic messages; a message can become several (text, tool results, more text). */
export function mapAnthropicMessages(list: unknown, where = "messages"): NormalizedMessage[] {
  if (!Array.isArray(list)) throw new ImportRecordError(`"${where}" is not a list of messages`);
  return list.flatMap((raw, index) => mapAnthropicMessage(raw, `${where}[${index}]`));
}

export function mapAnthropicMessage(raw: unknown, where: string): NormalizedMessage[] {
  if (!isObject(raw)) throw new ImportRecordError(`${where} is not a message object`);
  const sourceRole = getText(raw.role);
  if (!sourceRole) throw new ImportRecordError(`${where} has no "role"`);
  const role: MessageRole =
    sourceRole === "assistant" ? "assistant" : sourceRole === "system" ? "system" : "user";
  const blocks = typeof raw.content === "string" ? [{ type: "text", text: raw.content }] : raw.content;
  if (!Array.isArray(blocks))
    throw new ImportRecordError(`${where} has no "content" (string or list of blocks)`);
  const messages: NormalizedMessage[] = [];
  let segment = createSegment();
  const flush = () => {
    const message = finishSegment(role, segment);
    if (message) messages.push(message);
    segment = createSegment();
  };
  for (const block of blocks) {
    if (!isObject(block)) continue;
    const type = getText(block.type) ?? "unknown";
    if (type === "tool_result" || SERVER_RESULT.test(type)) {
      flush();
      messages.push(mapToolResult(block, type));
    } else {
      addBlock(segment, block, type);
    }
  }
  flush();
  if (messages.length === 0) messages.push({ role, text: "" });
  decorateFirst(messages, raw, role);
  return messages;
}

/** Top-level `system` (a string or text blocks) as a system message. */
export function readAnthropicSystem(system: unknown): NormalizedMessage | null {
  if (typeof system === "string") return system.trim() === "" ? null : { role: "system", text: system };
  if (!Array.isArray(system)) return null;
  const text = joinText(system.map((block) => (isObject(block) ? getText(block.text) : getText(block))));
  return text ? { role: "system", text } : null;
}

/** Anthropic usage: `input_tokens` excludes cache reads/writes, so input here adds them back. */
export function readAnthropicUsage(value: unknown): TokenCounts | null {
  const usage = getObject(value);
  if (!usage) return null;
  const input = getNumber(usage.input_tokens);
  const output = getNumber(usage.output_tokens);
  if (input === undefined && output === undefined) return null;
  const cached =
    (getNumber(usage.cache_read_input_tokens) ?? 0) + (getNumber(usage.cache_creation_input_tokens) ?? 0);
  const tokens: TokenCounts = {};
  if (input !== undefined) tokens.input = input + cached;
  if (output !== undefined) tokens.output = output;
  tokens.total = (tokens.input ?? 0) + (tokens.output ?? 0);
  return tokens;
}

function createSegment(): Segment {
  return { texts: [], reasoning: [], parts: [], toolCalls: [] };
}

function addBlock(segment: Segment, block: Record<string, unknown>, type: string): void {
  if (type === "text") segment.texts.push(stringifyContent(block.text));
  else if (type === "thinking") segment.reasoning.push(stringifyContent(block.thinking));
  else if (type === "redacted_thinking") {
    segment.reasoning.push("[redacted thinking]");
    segment.parts.push({ type: "other", kind: "redacted_thinking" });
  } else if (type === "tool_use" || type === "server_tool_use" || type === "mcp_tool_use") {
    segment.toolCalls.push({
      id: getText(block.id) ?? "",
      name: getText(block.name) ?? "",
      arguments: parseToolArguments(block.input),
    });
  } else {
    const part = mapMediaBlock(block, type);
    if (part) segment.parts.push(part);
  }
}

/** image / document blocks (base64, URL, text or inline content sources) and unknown blocks. */
function mapMediaBlock(block: Record<string, unknown>, type: string): MessagePart | null {
  const source = getObject(block.source);
  const mediaType = getText(source?.media_type);
  if (type === "image") {
    if (source?.type === "url") return buildImagePart(source.url, mediaType);
    return buildBase64ImagePart(source?.data, mediaType);
  }
  if (type === "document") {
    return { type: "file", name: getText(block.title), mediaType, url: getText(source?.url) };
  }
  return buildOtherPart(type, block.text ?? block.content);
}

function mapToolResult(block: Record<string, unknown>, type: string): NormalizedMessage {
  const texts: string[] = [];
  const parts: MessagePart[] = [];
  const content = block.content;
  if (typeof content === "string") texts.push(content);
  else if (Array.isArray(content)) {
    for (const item of content) {
      if (!isObject(item)) texts.push(stringifyContent(item));
      else if (item.type === "text") texts.push(stringifyContent(item.text));
      else if (item.type === "web_search_result")
        texts.push(joinText([getText(item.title), getText(item.url)]));
      else {
        const part = mapMediaBlock(item, getText(item.type) ?? "unknown");
        if (part) parts.push(part);
      }
    }
  } else if (content !== undefined && content !== null) texts.push(stringifyContent(content));
  const text = joinText(texts);
  const errorCode = isObject(content) ? getText(content.error_code) : undefined;
  const isError = block.is_error === true || errorCode !== undefined;
  const message: NormalizedMessage = { role: "tool", text, toolCallId: getText(block.tool_use_id) ?? null };
  if (parts.length > 0) message.parts = parts;
  if (isError) message.error = errorCode ?? (text || "tool error");
  if (type !== "tool_result") message.metadata = { blockType: type };
  return message;
}

function finishSegment(role: MessageRole, segment: Segment): NormalizedMessage | null {
  const text = joinText(segment.texts);
  const reasoning = joinText(segment.reasoning);
  if (!text && !reasoning && segment.parts.length === 0 && segment.toolCalls.length === 0) return null;
  const message: NormalizedMessage = { role, text };
  if (segment.parts.length > 0) message.parts = segment.parts;
  if (reasoning) message.reasoning = reasoning;
  if (segment.toolCalls.length > 0) message.toolCalls = segment.toolCalls;
  return message;
}

/** Model, usage, stop reason and id go on the first message the source message produced. */
function decorateFirst(messages: NormalizedMessage[], raw: Record<string, unknown>, role: MessageRole): void {
  const first = messages.find((message) => message.role === role) ?? messages[0];
  const model = getText(raw.model);
  if (model) first.model = model;
  const tokens = readAnthropicUsage(raw.usage);
  if (tokens) first.tokens = tokens;
  const metadata: Record<string, unknown> = {};
  if (getText(raw.id)) metadata.id = raw.id;
  if (getText(raw.stop_reason)) metadata.stopReason = raw.stop_reason;
  if (Object.keys(metadata).length > 0) first.metadata = { ...first.metadata, ...metadata };
}
