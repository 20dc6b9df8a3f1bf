import { getNumber, getObject, getText, isObject } from "@/lib/imports/read/json-value";
import type { NormalizedMessage } from "@/lib/imports/types";
import { mapChatMessages } from "./openai-blocks";
import { readTaskKey } from "./shared/rollout";

// Where chat records keep their conversation, and how a record's reward and task key are read when
// the record is a container (an RL rollout dump, an eval row) rather than a plain `{messages}` row.

/** Keys that may hold the conversation itself: a list of `{role, content}` messages. */
export const CONVERSATION_KEYS = [
  "messages",
  "conversation",
  "conversations",
  "trajectory",
  "history",
  "chat",
];
/** Keys that may hold several rollouts (records, message lists) or, flat, one rollout's messages. */
export const ROLLOUT_LIST_KEYS = ["rollouts", "trajectories", "episodes"];

export const CHAT_ROLES: ReadonlySet<string> = new Set([
  "system",
  "developer",
  "user",
  "assistant",
  "tool",
  "function",
]);

/** A `{role, content}`-style chat message (not a record that merely has a `role` field and messages). */
export function isChatMessageLike(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.role === "string" &&
    CHAT_ROLES.has(value.role) &&
    !CONVERSATION_KEYS.some((key) => Array.isArray(value[key]))
  );
}

/** A list that reads as one conversation: non-empty, its first element a chat message. */
export function isMessageList(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0 && isChatMessageLike(value[0]);
}

export type FoundConversation = { key: string; messages: NormalizedMessage[] };

/**
 * The conversation of a record: `messages` (any list, even empty), else the first other conversation
 * key holding messages, else `prompt` + `completion` (message lists, or a string on either side).
 * Null when the record has none.
 */
export function findConversation(record: Record<string, unknown>): FoundConversation | null {
  if (Array.isArray(record.messages)) return { key: "messages", messages: mapChatMessages(record.messages) };
  for (const key of CONVERSATION_KEYS) {
    if (isMessageList(record[key])) return { key, messages: mapChatMessages(record[key], key) };
  }
  const { prompt, completion } = record;
  if (isMessageList(prompt) || isMessageList(completion)) {
    const messages = [...readSide(prompt, "user"), ...readSide(completion, "assistant")];
    return { key: "prompt+completion", messages: mapChatMessages(messages, "prompt+completion") };
  }
  return null;
}

function readSide(value: unknown, role: string): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return [{ role, content: value }];
  if (value === undefined || value === null) return [];
  return [{ role, content: value }];
}

export type RewardReading = { reward: number | null; source: string | null };

const HELD_OUT = /(private|held[-_ ]?out|heldout|hidden)/i;
const REWARD_LIKE = /(reward|score|pass|acc|correct|success)/i;

/**
 * The scalar reward of a record: a top-level `reward`, else a numeric `score`, else from `metrics`: the key
 * `reward`, else a held-out metric that is clearly named (`private_reward`, `heldout_score`: the
 * grade on tests the policy never saw, preferred over public-test rewards it may have gamed), else
 * the first key naming a reward, else the first key naming a score, else the first number.
 */
export function readReward(record: Record<string, unknown>): RewardReading {
  // An explicit `reward` (even null: a NaN reward is no reward) is the answer.
  if ("reward" in record) {
    const reward = getNumber(record.reward) ?? null;
    return { reward, source: reward === null ? null : "reward" };
  }
  if (typeof record.score === "number") return { reward: getNumber(record.score) ?? null, source: "score" };
  const metrics = getObject(record.metrics);
  if (!metrics) return { reward: null, source: null };
  const numeric = Object.keys(metrics).filter((key) => typeof metrics[key] === "number");
  const pick =
    numeric.find((key) => key.toLowerCase() === "reward") ??
    numeric.find((key) => HELD_OUT.test(key) && REWARD_LIKE.test(key)) ??
    numeric.find((key) => /reward/i.test(key)) ??
    numeric.find((key) => /score/i.test(key)) ??
    numeric[0];
  const reward = pick === undefined ? null : (getNumber(metrics[pick]) ?? null);
  return { reward, source: reward === null || pick === undefined ? null : `metrics.${pick}` };
}

const CONFIG_TASK_KEYS = ["task_id", "task", "task_name", "task_key"];

/** CONTRACT.md's task key (top-level `task`, else `metadata.task`), else the task id of `env_config`. */
export function readContainerTaskKey(record: Record<string, unknown>): string | null {
  const key = readTaskKey(record);
  if (key) return key;
  const config = getObject(record.env_config);
  for (const name of CONFIG_TASK_KEYS) {
    const value = config?.[name];
    const text =
      getText(value) ?? (typeof value === "number" && Number.isFinite(value) ? String(value) : null);
    if (text) return text;
  }
  return null;
}
