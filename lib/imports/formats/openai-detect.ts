import { isObject } from "@/lib/imports/read/json-value";
import {
  findJsonString,
  type HeadView,
  hasJsonKey,
  readTopLevelKeys,
  viewHead,
} from "@/lib/imports/read/sniff";
import type { FormatSample } from "@/lib/imports/types";

const CHAT_ROLES = new Set(["system", "developer", "user", "assistant", "tool", "function"]);
const ANTHROPIC_BLOCK_TYPES = new Set(["tool_use", "tool_result", "thinking", "redacted_thinking"]);
const ANTHROPIC_BLOCK_TEXT = /"type"\s*:\s*"(tool_use|tool_result|thinking|redacted_thinking)"/;

/** A message object (`role` is a chat role), not a record holding messages. */
export function isChatMessage(value: unknown): boolean {
  return (
    isObject(value) && typeof value.role === "string" && CHAT_ROLES.has(value.role) && !("messages" in value)
  );
}

/** A file that is one top-level list of messages (one conversation), even when its first message passes the head. */
export function isMessageListHead(view: HeadView): boolean {
  if (view.opening !== "[") return false;
  if (view.records.length > 0) return isChatMessage(view.records[0]);
  const keys = readTopLevelKeys(view.text);
  return keys.includes("role") && !keys.includes("messages");
}

/** True when the head looks like a mini-swe-agent trajectory (`trajectory_format` sits at the file's end, `info.mini_version` near its start). */
export function isMiniSweAgentHead(text: string): boolean {
  return (
    Boolean(findJsonString(text, "trajectory_format")?.startsWith("mini-swe-agent")) ||
    hasJsonKey(text, "mini_version")
  );
}

/**
 * Confidence that a head is OpenAI chat data. mini-swe-agent trajectories are OpenAI-shaped but
 * belong to the SWE-agent importer, so they score low here; Anthropic content blocks score 0.
 */
export function detectOpenAi(sample: FormatSample): number {
  const view = viewHead(sample.head);
  if (view.opening !== "{" && view.opening !== "[") return 0;
  if (isMiniSweAgentHead(view.text)) return 30;
  const first = view.records[0];
  if (isMessageListHead(view)) {
    return hasAnthropicBlocks(view.records) || ANTHROPIC_BLOCK_TEXT.test(view.text) ? 0 : 45;
  }
  if (isObject(first)) return scoreRecord(first);
  // A record longer than the head: judge by the top-level keys it starts with.
  const keys = readTopLevelKeys(view.text);
  if (ANTHROPIC_BLOCK_TEXT.test(view.text) || keys.includes("system")) return 0;
  if (keys.includes("choices") && /^\s*[[{]\s*"(id|object)"/.test(view.text)) return 60;
  if (!keys.includes("messages")) return 0;
  return hasJsonKey(view.text, "tool_calls") || hasJsonKey(view.text, "tool_call_id") ? 55 : 40;
}

function scoreRecord(record: Record<string, unknown>): number {
  if (record.object === "chat.completion" && Array.isArray(record.choices)) return 70;
  const messages = Array.isArray(record.messages)
    ? record.messages
    : isObject(record.input) && Array.isArray(record.input.messages)
      ? record.input.messages
      : null;
  if (!messages || messages.length === 0) return 0;
  if (typeof record.system === "string" || Array.isArray(record.system)) return 0;
  if (!messages.every(isChatMessage) || hasAnthropicBlocks(messages)) return 0;
  const hasOpenAiTools = messages.some(
    (message) => isObject(message) && ("tool_calls" in message || message.role === "tool"),
  );
  return hasOpenAiTools ? 70 : 55;
}

function hasAnthropicBlocks(messages: unknown[]): boolean {
  return messages.some(
    (message) =>
      isObject(message) &&
      Array.isArray(message.content) &&
      message.content.some((block) => isObject(block) && ANTHROPIC_BLOCK_TYPES.has(String(block.type))),
  );
}
