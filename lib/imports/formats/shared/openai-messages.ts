import {
  getNumber,
  getObject,
  getText,
  isObject,
  parseToolArguments,
  toIsoTime,
} from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { MessagePart, MessageRole, NormalizedMessage, TokenCounts, ToolCall } from "@/lib/imports/types";
import { buildImagePart, buildOtherPart, joinText, splitThinkTags, stringifyContent } from "./message-text";

// OpenAI Chat Completions messages (and the close variants verifiers, vLLM and mini-swe-agent write).

const ROLE_MAP: Record<string, MessageRole> = {
  system: "system",
  developer: "system",
  user: "user",
  assistant: "assistant",
  tool: "tool",
  function: "tool",
};

/** Keys mapped into the normalized message; anything else is kept in `metadata`. */
const KNOWN_KEYS = new Set([
  "role",
  "content",
  "tool_calls",
  "tool_call_id",
  "function_call",
  "reasoning_content",
  "reasoning",
  "thinking",
  "refusal",
  "name",
  "usage",
  "model",
]);

/** Maps a list of OpenAI chat messages; throws `ImportRecordError` naming the first bad message. */
export function mapOpenAiMessages(list: unknown, where = "messages"): NormalizedMessage[] {
  if (!Array.isArray(list)) throw new ImportRecordError(`"${where}" is not a list of messages`);
  return list.map((raw, index) => mapOpenAiMessage(raw, `${where}[${index}]`));
}

export function mapOpenAiMessage(raw: unknown, where: string): NormalizedMessage {
  if (!isObject(raw)) throw new ImportRecordError(`${where} is not a message object`);
  const sourceRole = getText(raw.role);
  if (!sourceRole) throw new ImportRecordError(`${where} has no "role"`);
  const role = ROLE_MAP[sourceRole] ?? "system";
  const content = readOpenAiContent(raw.content);
  let text = joinText([content.text, getText(raw.refusal)]);
  let reasoning = readReasoningField(raw);
  if (role === "assistant") {
    const split = splitThinkTags(text);
    text = split.text;
    reasoning = joinText([reasoning, split.reasoning]) || null;
  }
  const message: NormalizedMessage = { role, text };
  if (content.parts.length > 0) message.parts = content.parts;
  if (reasoning) message.reasoning = reasoning;
  const toolCalls = readToolCalls(raw, where);
  if (toolCalls.length > 0) message.toolCalls = toolCalls;
  if (role === "tool") {
    message.toolCallId = getText(raw.tool_call_id) ?? null;
    if (getText(raw.name)) message.toolName = getText(raw.name);
  }
  const tokens = readOpenAiUsage(raw.usage);
  if (tokens) message.tokens = tokens;
  if (getText(raw.model)) message.model = getText(raw.model);
  const createdAt = toIsoTime(raw.timestamp ?? raw.created_at);
  if (createdAt) message.createdAt = createdAt;
  const metadata = readExtraKeys(raw);
  if (sourceRole !== role) metadata.role = sourceRole;
  if (getText(raw.name) && role !== "tool") metadata.name = raw.name;
  if (Object.keys(metadata).length > 0) message.metadata = metadata;
  return message;
}

/** Text and non-text parts of a `content` that is a string, a list of parts, null or missing. */
export function readOpenAiContent(content: unknown): { text: string; parts: MessagePart[] } {
  if (content === null || content === undefined) return { text: "", parts: [] };
  if (typeof content === "string") return { text: content, parts: [] };
  if (!Array.isArray(content)) return { text: stringifyContent(content), parts: [] };
  const texts: string[] = [];
  const parts: MessagePart[] = [];
  for (const part of content) {
    if (typeof part === "string") {
      texts.push(part);
      continue;
    }
    if (!isObject(part)) continue;
    const type = getText(part.type) ?? (typeof part.text === "string" ? "text" : "unknown");
    if (type === "text" || type === "input_text" || type === "output_text")
      texts.push(stringifyContent(part.text));
    else if (type === "refusal") texts.push(stringifyContent(part.refusal));
    else if (type === "image_url" || type === "input_image") {
      const image = getObject(part.image_url);
      parts.push(buildImagePart(image ? image.url : part.image_url));
    } else if (type === "file" || type === "input_file") {
      const file = getObject(part.file) ?? part;
      parts.push({ type: "file", name: getText(file.filename) ?? getText(file.file_id) });
    } else if (type === "input_audio")
      parts.push(buildOtherPart("audio", getObject(part.input_audio)?.format));
    else parts.push(buildOtherPart(type, part.text ?? part[type]));
  }
  return { text: joinText(texts), parts };
}

function readReasoningField(raw: Record<string, unknown>): string | null {
  for (const key of ["reasoning_content", "reasoning", "thinking"]) {
    const value = raw[key];
    if (typeof value === "string" && value.trim() !== "") return value;
    // Some servers nest it: `reasoning: {content | summary | text}`.
    const nested = getObject(value);
    const text = nested && (getText(nested.content) ?? getText(nested.text) ?? getText(nested.summary));
    if (text) return text;
  }
  return null;
}

/** `tool_calls` (objects or JSON strings; nested `function`, flat, or `custom`) and legacy `function_call`. */
function readToolCalls(raw: Record<string, unknown>, where: string): ToolCall[] {
  const calls: ToolCall[] = [];
  const list = Array.isArray(raw.tool_calls) ? raw.tool_calls : [];
  list.forEach((entry, n) => {
    const call = typeof entry === "string" ? parseEmbeddedCall(entry, `${where}.tool_calls[${n}]`) : entry;
    if (!isObject(call)) throw new ImportRecordError(`${where}.tool_calls[${n}] is not a tool call object`);
    calls.push(readOneCall(call));
  });
  const legacy = getObject(raw.function_call);
  if (legacy && getText(legacy.name)) {
    calls.push({ id: "", name: String(legacy.name), arguments: parseToolArguments(legacy.arguments) });
  }
  return calls;
}

function readOneCall(call: Record<string, unknown>): ToolCall {
  const id = getText(call.id) ?? getText(call.call_id) ?? "";
  const fn = getObject(call.function);
  if (fn) return { id, name: getText(fn.name) ?? "", arguments: parseToolArguments(fn.arguments) };
  const custom = getObject(call.custom);
  if (custom) return { id, name: getText(custom.name) ?? "", arguments: custom.input ?? "" };
  return { id, name: getText(call.name) ?? "", arguments: parseToolArguments(call.arguments ?? call.input) };
}

function parseEmbeddedCall(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ImportRecordError(`${where} is a string that is not JSON`);
  }
}

/** OpenAI `usage` → token counts (`prompt_tokens` etc., with the reasoning detail when given). */
export function readOpenAiUsage(value: unknown): TokenCounts | null {
  const usage = getObject(value);
  if (!usage) return null;
  const tokens: TokenCounts = {};
  const input = getNumber(usage.prompt_tokens ?? usage.input_tokens);
  const output = getNumber(usage.completion_tokens ?? usage.output_tokens);
  const total = getNumber(usage.total_tokens);
  const details = getObject(usage.completion_tokens_details) ?? getObject(usage.output_tokens_details);
  const reasoning = getNumber(details?.reasoning_tokens);
  if (input !== undefined) tokens.input = input;
  if (output !== undefined) tokens.output = output;
  if (reasoning !== undefined) tokens.reasoning = reasoning;
  if (total !== undefined) tokens.total = total;
  return Object.keys(tokens).length > 0 ? tokens : null;
}

/** Small scalar extras (`weight`, ids, flags); nested vendor blobs stay only in the rollout's `original`. */
export function readExtraKeys(raw: Record<string, unknown>, known: ReadonlySet<string> = KNOWN_KEYS) {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    // HF `datasets` writes every key of the column on every message, mostly null.
    if (known.has(key) || key === "timestamp" || key === "created_at") continue;
    if (typeof value === "number" || typeof value === "boolean") extra[key] = value;
    else if (typeof value === "string" && value !== "" && value.length <= MAX_EXTRA_CHARS) extra[key] = value;
  }
  return extra;
}

const MAX_EXTRA_CHARS = 500;
