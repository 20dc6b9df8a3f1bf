import { getObject, getText, isObject, parseToolArguments } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { NormalizedMessage } from "@/lib/imports/types";
import { joinText, stringifyContent } from "./shared/message-text";
import { mapOpenAiMessage, readOpenAiContent } from "./shared/openai-messages";

// OpenAI-like chat messages whose `content` list carries typed blocks besides text: tool calls
// (`tool_call` as RL harnesses such as tinker-cookbook write them, Anthropic `tool_use`, Responses
// API `function_call`), tool results (`tool_result`, `function_call_output`) and reasoning
// (`thinking`, `reasoning`). Calls join the message's `tool_calls` (a call that is already listed
// there is not added twice); results become `tool` messages; everything else reads as OpenAI chat.

const CALL_BLOCKS = new Set(["tool_call", "tool_use", "function_call", "server_tool_use", "mcp_tool_use"]);
const RESULT_BLOCKS = new Set(["tool_result", "function_call_output", "tool_call_output"]);
const REASONING_BLOCKS = new Set(["thinking", "reasoning"]);

/** Maps a list of chat messages (typed blocks included); throws `ImportRecordError` naming the first bad one. */
export function mapChatMessages(list: unknown, where = "messages"): NormalizedMessage[] {
  if (!Array.isArray(list)) throw new ImportRecordError(`"${where}" is not a list of messages`);
  const messages = list.flatMap((raw, index) => mapChatMessage(raw, `${where}[${index}]`));
  return adoptUserToolResults(messages);
}

/** One chat message; a message holding tool-result blocks becomes several (results, then the rest). */
export function mapChatMessage(raw: unknown, where: string): NormalizedMessage[] {
  if (!isObject(raw) || !Array.isArray(raw.content) || !raw.content.some(isSpecialBlock)) {
    return [mapOpenAiMessage(raw, where)];
  }
  const rest: unknown[] = [];
  const calls: Record<string, unknown>[] = [];
  const reasoning: string[] = [];
  const results: NormalizedMessage[] = [];
  for (const block of raw.content) {
    const type = isObject(block) ? getText(block.type) : undefined;
    if (!isObject(block) || !type) rest.push(block);
    else if (CALL_BLOCKS.has(type)) calls.push(readCallBlock(block));
    else if (RESULT_BLOCKS.has(type)) results.push(readResultBlock(block, type));
    else if (REASONING_BLOCKS.has(type)) reasoning.push(readReasoningBlock(block));
    else rest.push(block);
  }
  const listed = Array.isArray(raw.tool_calls) ? raw.tool_calls : [];
  const reshaped: Record<string, unknown> = {
    ...raw,
    content: rest,
    tool_calls: [...listed, ...dropListedCalls(calls, listed)],
  };
  const ownReasoning = typeof raw.reasoning_content === "string" ? raw.reasoning_content : null;
  if (reasoning.length > 0) reshaped.reasoning_content = joinText([ownReasoning, ...reasoning]);
  const message = mapOpenAiMessage(reshaped, where);
  const isEmpty = !message.text && !message.parts && !message.toolCalls && !message.reasoning;
  if (results.length === 0) return [message];
  if (message.role === "assistant") return [message, ...results];
  return isEmpty ? results : [...results, message];
}

/**
 * Harnesses without a tool role (the rollout has tool calls but no `tool` message) send the tool's
 * output back as the next user turn: that turn becomes the call's result (its source role kept in
 * `metadata.role`), so calls and results link.
 */
export function adoptUserToolResults(messages: NormalizedMessage[]): NormalizedMessage[] {
  const hasCalls = messages.some((message) => (message.toolCalls?.length ?? 0) > 0);
  if (!hasCalls || messages.some((message) => message.role === "tool")) return messages;
  return messages.map((message, index) => {
    const previous = messages[index - 1];
    if (
      message.role !== "user" ||
      !previous ||
      previous.role !== "assistant" ||
      !previous.toolCalls?.length
    ) {
      return message;
    }
    return { ...message, role: "tool", metadata: { ...message.metadata, role: "user" } };
  });
}

function isSpecialBlock(block: unknown): boolean {
  if (!isObject(block) || typeof block.type !== "string") return false;
  return CALL_BLOCKS.has(block.type) || RESULT_BLOCKS.has(block.type) || REASONING_BLOCKS.has(block.type);
}

/** A call block in the OpenAI `tool_calls` entry shape: nested (`tool_call.function`) or flat. */
function readCallBlock(block: Record<string, unknown>): Record<string, unknown> {
  const inner = getObject(block.tool_call) ?? getObject(block.function_call) ?? block;
  const fn = getObject(inner.function) ?? inner;
  return {
    id: getText(inner.id) ?? getText(inner.call_id) ?? getText(block.id) ?? getText(block.call_id) ?? "",
    function: { name: getText(fn.name) ?? "", arguments: fn.arguments ?? fn.input ?? inner.input ?? {} },
  };
}

/** Block calls that the message's own `tool_calls` do not already list (same name and arguments). */
function dropListedCalls(calls: Record<string, unknown>[], listed: unknown[]): Record<string, unknown>[] {
  const remaining = listed.map(describeCall);
  return calls.filter((call) => {
    const at = remaining.indexOf(describeCall(call));
    if (at === -1) return true;
    remaining.splice(at, 1);
    return false;
  });
}

function describeCall(entry: unknown): string {
  const call = typeof entry === "string" ? parseOrNull(entry) : entry;
  const object = getObject(call) ?? {};
  const fn = getObject(object.function) ?? object;
  const args = parseToolArguments(fn.arguments ?? fn.input);
  return `${getText(fn.name) ?? ""}\u0000${JSON.stringify(args)}`;
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function readResultBlock(block: Record<string, unknown>, type: string): NormalizedMessage {
  const value = block.content ?? block.output ?? block.result;
  const content = Array.isArray(value)
    ? readOpenAiContent(value)
    : { text: stringifyContent(value), parts: [] };
  const id = getText(block.tool_use_id) ?? getText(block.tool_call_id) ?? getText(block.call_id);
  const message: NormalizedMessage = { role: "tool", text: content.text, toolCallId: id ?? null };
  if (content.parts.length > 0) message.parts = content.parts;
  if (getText(block.name)) message.toolName = getText(block.name);
  if (block.is_error === true) message.error = content.text || "tool error";
  if (type !== "tool_result") message.metadata = { blockType: type };
  return message;
}

function readReasoningBlock(block: Record<string, unknown>): string {
  const summary = Array.isArray(block.summary)
    ? joinText(block.summary.map((item) => (isObject(item) ? getText(item.text) : getText(item))))
    : getText(block.summary);
  return getText(block.thinking) ?? getText(block.text) ?? getText(block.content) ?? summary ?? "";
}
