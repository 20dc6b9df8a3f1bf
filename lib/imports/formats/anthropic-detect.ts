import { isObject } from "@/lib/imports/read/json-value";
import { type HeadView, readTopLevelKeys, viewHead } from "@/lib/imports/read/sniff";
import type { FormatSample } from "@/lib/imports/types";
import { STREAM_EVENT_TYPES } from "./anthropic-stream";
import { isMessageListHead } from "./openai-detect";

const BLOCK_TYPES = new Set([
  "text",
  "image",
  "document",
  "thinking",
  "redacted_thinking",
  "tool_use",
  "tool_result",
  "server_tool_use",
  "web_search_tool_result",
]);
const ANTHROPIC_ONLY = new Set([
  "tool_use",
  "tool_result",
  "thinking",
  "redacted_thinking",
  "server_tool_use",
]);
/**
 * Claude Code names its record types in lowercase kebab-case (`user`, `assistant`, `summary`,
 * `attachment`, `queue-operation`, `file-history-snapshot`, `last-prompt`, …) and adds new ones in
 * new versions. Stream events, Codex CLI and the others use snake_case, so a kebab-case type never
 * claims their lines.
 */
const SESSION_TYPE = /^[a-z]+(-[a-z]+)*$/;

/** A Claude Code message line: `{type: "user" | "assistant", sessionId, message: {role, content}}`. */
function isClaudeCodeMessageLine(value: Record<string, unknown>): boolean {
  if (value.type !== "user" && value.type !== "assistant") return false;
  return typeof value.sessionId === "string" || (isObject(value.message) && typeof value.uuid === "string");
}

/**
 * A Claude Code session file: its complete head lines are all session-shaped (`type` in kebab-case;
 * a line of an unknown type without ids is allowed, as the next version may write one), and one of
 * them carries the session id or is a message line; or a first line too long for the head starts like one.
 */
export function isClaudeCodeHead(view: HeadView): boolean {
  if (view.opening !== "{") return false;
  if (view.records.length > 0) {
    if (view.isWholeDocument) {
      // One JSON document: a single session line, never a document that happens to hold these keys.
      const [only] = view.records;
      return isObject(only) && isClaudeCodeMessageLine(only);
    }
    const isSessionShaped = (record: unknown) =>
      isObject(record) &&
      typeof record.type === "string" &&
      SESSION_TYPE.test(record.type) &&
      !Array.isArray(record.messages);
    return (
      view.records.every(isSessionShaped) &&
      view.records.some(
        (record) =>
          isObject(record) && (isClaudeCodeMessageLine(record) || typeof record.sessionId === "string"),
      )
    );
  }
  const keys = readTopLevelKeys(view.text);
  return keys.includes("sessionId") && keys.includes("type") && !keys.includes("messages");
}

const ANTHROPIC_BLOCK_TEXT = /"type"\s*:\s*"(tool_use|tool_result|thinking|redacted_thinking)"/;

const FIRST_STREAM_EVENT_TEXT =
  /^\s*\[?\s*\{\s*"type"\s*:\s*"(message_start|content_block_(start|delta|stop)|message_delta|message_stop|ping|error)"/;
// `ping` and `error` alone are too generic to claim a file; these mean a streamed response.
const MESSAGE_EVENT_TEXT =
  /"type"\s*:\s*"(message_start|content_block_(start|delta|stop)|message_delta|message_stop)"|^event:\s*(message_start|content_block_(start|delta|stop)|message_delta|message_stop)\s*$/m;

/** A streaming capture to reassemble: SSE text (`event:`/`data:` lines), or JSON/JSONL whose first record is a stream event. */
export function isStreamCaptureHead(view: HeadView): boolean {
  if (view.opening !== "{" && view.opening !== "[") return isSseHead(view.text);
  const first = view.records[0];
  if (first !== undefined) return isObject(first) && STREAM_EVENT_TYPES.has(String(first.type));
  return FIRST_STREAM_EVENT_TEXT.test(view.text);
}

/** The first line that is neither blank nor an SSE comment (`:`) is an `event:` or `data:` field. */
function isSseHead(text: string): boolean {
  for (const line of text.split("\n", 100)) {
    if (line.trim() === "" || line.startsWith(":")) continue;
    return /^(event|data):/.test(line);
  }
  return false;
}

export function detectAnthropic(sample: FormatSample): number {
  const view = viewHead(sample.head);
  if (isStreamCaptureHead(view)) return MESSAGE_EVENT_TEXT.test(view.text) ? 85 : 0;
  if (view.opening !== "{" && view.opening !== "[") return 0;
  const records = view.records;
  if (isClaudeCodeHead(view)) {
    return records.length === 0 || records.some((record) => isObject(record) && isObject(record.message))
      ? 90
      : 60;
  }
  if (isMessageListHead(view)) return ANTHROPIC_BLOCK_TEXT.test(view.text) ? 50 : 0;
  const first = records[0];
  if (isObject(first)) return scoreRecord(first);
  // Longer than the head: the top-level keys and the block types seen so far.
  const keys = readTopLevelKeys(view.text);
  if (!keys.includes("messages")) return 0;
  if (ANTHROPIC_BLOCK_TEXT.test(view.text)) return 55;
  return keys.includes("system") ? 45 : 0;
}

function scoreRecord(record: Record<string, unknown>): number {
  if (record.type === "message" && record.role === "assistant" && Array.isArray(record.content)) {
    return hasBlocks(record.content, BLOCK_TYPES) ? 60 : 0;
  }
  const messages = Array.isArray(record.messages) ? record.messages : null;
  if (!messages || messages.length === 0) return 0;
  const contents = messages.map((message) => (isObject(message) ? message.content : undefined));
  if (contents.some((content) => Array.isArray(content) && hasBlocks(content, ANTHROPIC_ONLY))) return 75;
  const hasSystem = typeof record.system === "string" || Array.isArray(record.system);
  const hasOpenAiFields = messages.some(
    (message) =>
      isObject(message) && ("tool_calls" in message || message.role === "tool" || message.role === "system"),
  );
  if (hasOpenAiFields) return 0;
  return hasSystem ? 65 : 0;
}

function hasBlocks(content: unknown[], types: ReadonlySet<string>): boolean {
  return content.some((block) => isObject(block) && types.has(String(block.type)));
}
