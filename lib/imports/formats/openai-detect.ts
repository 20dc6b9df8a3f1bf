import { isObject } from "@/lib/imports/read/json-value";
import {
  findJsonString,
  type HeadView,
  hasJsonKey,
  readTopLevelKeys,
  viewHead,
} from "@/lib/imports/read/sniff";
import type { FormatSample } from "@/lib/imports/types";
import {
  CHAT_ROLES,
  CONVERSATION_KEYS,
  isChatMessageLike,
  isMessageList,
  ROLLOUT_LIST_KEYS,
} from "./openai-containers";
import { isSimpleEvalsHead } from "./openai-simple-evals";

const ANTHROPIC_BLOCK_TYPES = new Set(["tool_use", "tool_result", "thinking", "redacted_thinking"]);
const ANTHROPIC_BLOCK_TEXT = /"type"\s*:\s*"(tool_use|tool_result|thinking|redacted_thinking)"/;

/** A file that is one top-level list of messages (one conversation), even when its first message passes the head. */
export function isMessageListHead(view: HeadView): boolean {
  if (view.opening !== "[") return false;
  if (view.records.length > 0) return isChatMessageLike(view.records[0]);
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

/** The message a PaperBench grading tree gets: it grades a paper reproduction, it is no transcript. */
export const PAPERBENCH_MESSAGE =
  "this file is a PaperBench grading tree, not a transcript (nested rubric `requirements` with `sub_tasks` and scores); nothing to import";

/**
 * A PaperBench rubric or grading tree (`{id, requirements, weight, sub_tasks: [...]}`), or a judge
 * output wrapping one (`graded_task_tree`, at the top or under `judge_output`).
 */
export function isPaperBenchHead(view: HeadView): boolean {
  if (view.opening !== "{") return false;
  const keys =
    view.isWholeDocument && isObject(view.records[0])
      ? Object.keys(view.records[0])
      : readTopLevelKeys(view.text);
  if (keys.includes("requirements") && keys.includes("sub_tasks")) return true;
  return (
    keys.includes("graded_task_tree") ||
    (keys.includes("judge_output") && hasJsonKey(view.text, "graded_task_tree"))
  );
}

/**
 * Confidence that a head is OpenAI chat data. mini-swe-agent trajectories are OpenAI-shaped but
 * belong to the SWE-agent importer, so they score low here; Anthropic content blocks score 0.
 * Containers (rollout dumps, `conversation`/`trajectory` rows, `prompt` + `completion`) score 40-50,
 * below every specific format; a PaperBench grading tree scores 1 so that it fails with a clear reason.
 */
export function detectOpenAi(sample: FormatSample): number {
  const view = viewHead(sample.head);
  if (view.opening !== "{" && view.opening !== "[") return 0;
  if (isMiniSweAgentHead(view.text)) return 30;
  if (isSimpleEvalsHead(view)) return 60;
  if (isPaperBenchHead(view)) return 1;
  const first = view.records[0];
  if (isMessageListHead(view)) {
    return hasAnthropicBlocks(view.records) || ANTHROPIC_BLOCK_TEXT.test(view.text) ? 0 : 45;
  }
  if (isObject(first)) return scoreRecord(first) || scoreContainer(first);
  if (isMessageList(first)) return 40;
  // A record longer than the head: judge by the top-level keys it starts with.
  const keys = readTopLevelKeys(view.text);
  if (ANTHROPIC_BLOCK_TEXT.test(view.text) || keys.includes("system")) return 0;
  if (keys.includes("choices") && /^\s*[[{]\s*"(id|object)"/.test(view.text)) return 60;
  if (!keys.includes("messages")) return scoreContainerKeys(view.text, keys);
  return hasJsonKey(view.text, "tool_calls") || hasJsonKey(view.text, "tool_call_id") ? 55 : 40;
}

/** A parsed record that holds its chat messages elsewhere than `messages`. */
function scoreContainer(record: Record<string, unknown>): number {
  for (const key of ROLLOUT_LIST_KEYS) {
    const list = record[key];
    if (!Array.isArray(list) || list.length === 0) continue;
    const element = list[0];
    if (isChatMessageLike(element) || isMessageList(element)) return 50;
    if (isObject(element) && (scoreRecord(element) > 0 || scoreContainer(element) > 0)) return 50;
  }
  // SWE-agent `.traj` files pair a `history` of messages with a `trajectory` of agent steps: theirs.
  const isSweAgentTraj =
    Array.isArray(record.trajectory) && record.trajectory.length > 0 && !isMessageList(record.trajectory);
  if (isSweAgentTraj) return 0;
  if (CONVERSATION_KEYS.some((key) => key !== "messages" && isMessageList(record[key]))) return 45;
  return isMessageList(record.prompt) || isMessageList(record.completion) ? 40 : 0;
}

/** The same judgement on a record cut off by the head: what the first element of each list starts as. */
function scoreContainerKeys(text: string, keys: string[]): number {
  for (const key of ROLLOUT_LIST_KEYS) {
    if (!keys.includes(key)) continue;
    const element = describeFirstElement(text, key);
    if (element === "message" || element === "list" || element === "record") return 50;
  }
  if (keys.includes("trajectory") && describeFirstElement(text, "trajectory") !== "message") return 0;
  const conversation = CONVERSATION_KEYS.filter((key) => key !== "messages" && keys.includes(key));
  if (conversation.some((key) => describeFirstElement(text, key) === "message")) return 45;
  const hasPromptList = ["prompt", "completion"].some(
    (key) => keys.includes(key) && describeFirstElement(text, key) === "message",
  );
  return hasPromptList ? 40 : 0;
}

/** What the first element of the list under `"key": [` looks like, from its opening keys. */
function describeFirstElement(text: string, key: string): "message" | "list" | "record" | null {
  const match = new RegExp(`"${key}"\\s*:\\s*\\[\\s*`).exec(text);
  if (!match) return null;
  const rest = text.slice(match.index + match[0].length);
  if (rest.startsWith("[")) {
    const inner = rest.slice(1).trimStart();
    return inner.startsWith("{") && isMessageStart(inner) ? "list" : null;
  }
  if (!rest.startsWith("{")) return null;
  if (isMessageStart(rest)) return "message";
  const elementKeys = readTopLevelKeys(rest);
  return CONVERSATION_KEYS.some((name) => elementKeys.includes(name)) ? "record" : null;
}

/** An object text whose own keys include `role` with a chat role as its value. */
function isMessageStart(objectText: string): boolean {
  if (!readTopLevelKeys(objectText).includes("role")) return false;
  const role = /"role"\s*:\s*"([a-z]+)"/.exec(objectText)?.[1];
  return role !== undefined && CHAT_ROLES.has(role);
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
  if (!messages.every(isChatMessageLike) || hasAnthropicBlocks(messages)) return 0;
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
