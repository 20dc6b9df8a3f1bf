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
import { type InspectSample, inspectMessageSchema } from "./inspect-schemas";
import { buildImagePart, buildOtherPart, joinText, stringifyContent } from "./shared/message-text";
import { describeZodIssue } from "./zod-issue";

const ROLES = new Set<MessageRole>(["system", "user", "assistant", "tool"]);
const ATTACHMENT_PREFIX = "attachment://";

/**
 * Replaces `attachment://<key>` strings with the sample's attachment text (Inspect moves large
 * strings there). Unchanged subtrees are shared; unknown keys are left as they are.
 */
export function resolveAttachments(value: unknown, attachments: Record<string, unknown>): unknown {
  if (typeof value === "string") {
    if (!value.startsWith(ATTACHMENT_PREFIX)) return value;
    const resolved = attachments[value.slice(ATTACHMENT_PREFIX.length)];
    return typeof resolved === "string" ? resolved : value;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((child, index) => {
      const next = resolveAttachments(child, attachments);
      if (next !== child) {
        copy ??= value.slice();
        copy[index] = next;
      }
    });
    return copy ?? value;
  }
  if (isObject(value)) {
    let copy: Record<string, unknown> | null = null;
    for (const [key, child] of Object.entries(value)) {
      const next = resolveAttachments(child, attachments);
      if (next !== child) {
        copy ??= { ...value };
        copy[key] = next;
      }
    }
    return copy ?? value;
  }
  return value;
}

/** Expands `[[start, end), …]` ranges (or single indexes) into items of a pooled list. */
export function expandRefs(refs: unknown, pool: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const ref of getArray(refs)) {
    if (Array.isArray(ref) && ref.length === 2) {
      const start = getNumber(ref[0]) ?? 0;
      const end = Math.min(getNumber(ref[1]) ?? start, pool.length);
      for (let i = Math.max(0, start); i < end; i += 1) out.push(pool[i]);
    } else {
      const index = getNumber(ref);
      if (index !== undefined && index >= 0 && index < pool.length) out.push(pool[index]);
    }
  }
  return out;
}

/**
 * The final conversation of a sample: `messages`, else the chunked `message_refs` into the pooled
 * messages, else the last model call's input plus its output (when messages were not logged), else
 * the dataset input plus the final output.
 */
export function selectConversation(sample: InspectSample): { messages: unknown[]; source: string } {
  if (sample.messages && sample.messages.length > 0) return { messages: sample.messages, source: "messages" };
  const pool = sample.events_data?.messages ?? [];
  if (sample.message_refs && sample.message_refs.length > 0) {
    return { messages: expandRefs(sample.message_refs, pool), source: "message_refs" };
  }
  const lastModel = [...(sample.events ?? [])]
    .reverse()
    .find((event) => isObject(event) && event.event === "model");
  if (isObject(lastModel)) {
    const input = getArray(lastModel.input);
    const messages = input.length > 0 ? [...input] : expandRefs(lastModel.input_refs, pool);
    const reply = readOutputMessage(lastModel.output);
    if (reply) messages.push(reply);
    return { messages, source: "model events" };
  }
  const input =
    typeof sample.input === "string" ? [{ role: "user", content: sample.input }] : getArray(sample.input);
  const reply = readOutputMessage(sample.output);
  return { messages: reply ? [...input, reply] : [...input], source: "input and output" };
}

function readOutputMessage(output: unknown): unknown {
  const choice = getObject(getArray(getObject(output)?.choices)[0]);
  return choice?.message ?? null;
}

type CallDetail = { tokens: TokenCounts | null; createdAt: string | null };

/** Token usage and time of each model call, by the id of the assistant message it produced. */
export function indexModelCalls(events: unknown[] | null | undefined): Map<string, CallDetail> {
  const calls = new Map<string, CallDetail>();
  for (const event of events ?? []) {
    if (!isObject(event) || event.event !== "model") continue;
    const output = getObject(event.output);
    const id = getText(getObject(readOutputMessage(output))?.id);
    if (!id) continue;
    calls.set(id, { tokens: readInspectUsage(output?.usage), createdAt: toIsoTime(event.timestamp) });
  }
  return calls;
}

/** Inspect ModelUsage → token counts. */
export function readInspectUsage(value: unknown): TokenCounts | null {
  const usage = getObject(value);
  if (!usage) return null;
  const tokens: TokenCounts = {};
  const input = getNumber(usage.input_tokens);
  const output = getNumber(usage.output_tokens);
  const reasoning = getNumber(usage.reasoning_tokens);
  const total = getNumber(usage.total_tokens);
  if (input !== undefined) tokens.input = input;
  if (output !== undefined) tokens.output = output;
  if (reasoning !== undefined) tokens.reasoning = reasoning;
  if (total !== undefined) tokens.total = total;
  return Object.keys(tokens).length > 0 ? tokens : null;
}

/** Maps Inspect ChatMessages; throws `ImportRecordError` naming the first malformed one. */
export function mapInspectMessages(list: unknown[], calls: Map<string, CallDetail>): NormalizedMessage[] {
  return list.map((raw, index) => {
    const parsed = inspectMessageSchema.safeParse(raw);
    if (!parsed.success)
      throw new ImportRecordError(`message ${index + 1}: ${describeZodIssue(parsed.error)}`);
    const source = parsed.data;
    const role = ROLES.has(source.role as MessageRole) ? (source.role as MessageRole) : "user";
    const content = readInspectContent(source.content);
    const message: NormalizedMessage = { role, text: content.text };
    if (content.parts.length > 0) message.parts = content.parts;
    const reasoning = joinText([content.reasoning, source.reasoning]);
    if (reasoning) message.reasoning = reasoning;
    const metadata: Record<string, unknown> = {};
    if (role !== source.role) metadata.role = source.role;
    if (source.id) metadata.id = source.id;
    if (source.source) metadata.source = source.source;
    if (source.tool_calls && source.tool_calls.length > 0) {
      message.toolCalls = source.tool_calls.map(
        (call): ToolCall => ({
          id: call.id ?? "",
          name: call.function,
          arguments: parseToolArguments(call.arguments),
        }),
      );
      const parseErrors = source.tool_calls
        .filter((call) => call.parse_error)
        .map((call) => call.parse_error);
      if (parseErrors.length > 0) metadata.toolCallParseErrors = parseErrors;
    }
    if (role === "tool") {
      message.toolCallId = typeof source.tool_call_id === "string" ? source.tool_call_id : null;
      if (source.function) message.toolName = source.function;
      const error = source.error ? (source.error.message ?? source.error.type) : source.tool_error;
      if (error) message.error = error;
      if (source.error?.type) metadata.errorType = source.error.type;
    } else if (Array.isArray(source.tool_call_id)) {
      metadata.toolCallIds = source.tool_call_id;
    }
    if (source.model) message.model = source.model;
    const call = source.id ? calls.get(source.id) : undefined;
    if (call?.tokens) message.tokens = call.tokens;
    if (call?.createdAt) message.createdAt = call.createdAt;
    if (Object.keys(metadata).length > 0) message.metadata = metadata;
    return message;
  });
}

/** Text, reasoning and other parts of Inspect `content` (a string or a list of typed parts). */
function readInspectContent(content: unknown): { text: string; reasoning: string; parts: MessagePart[] } {
  if (typeof content === "string") return { text: content, reasoning: "", parts: [] };
  const texts: string[] = [];
  const reasoning: string[] = [];
  const parts: MessagePart[] = [];
  for (const part of getArray(content)) {
    if (typeof part === "string") {
      texts.push(part);
      continue;
    }
    if (!isObject(part)) continue;
    const type = getText(part.type) ?? "unknown";
    if (type === "text") texts.push(stringifyContent(part.text));
    else if (type === "reasoning") {
      const text =
        part.redacted === true ? (getText(part.summary) ?? "[redacted reasoning]") : getText(part.reasoning);
      if (text) reasoning.push(text);
    } else if (type === "image") parts.push(buildImagePart(part.image));
    else if (type === "document") {
      const url = getText(part.document);
      parts.push({
        type: "file",
        name: getText(part.filename),
        mediaType: getText(part.mime_type),
        url: url && !url.startsWith("data:") ? url : undefined,
      });
    } else if (type === "audio" || type === "video") parts.push(buildOtherPart(type, getText(part.format)));
    else if (type === "tool_use")
      parts.push(buildOtherPart(`tool_use:${getText(part.name) ?? "tool"}`, part.result));
    else parts.push(buildOtherPart(type, part[type]));
  }
  return { text: joinText(texts), reasoning: joinText(reasoning), parts };
}
