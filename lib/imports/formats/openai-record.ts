import { getArray, getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import type { NormalizedMessage, NormalizedRollout } from "@/lib/imports/types";
import { mapChatMessage, mapChatMessages } from "./openai-blocks";
import {
  CONVERSATION_KEYS,
  findConversation,
  isMessageList,
  ROLLOUT_LIST_KEYS,
  readContainerTaskKey,
  readReward,
} from "./openai-containers";
import { describeMappingError } from "./shared/map-records";
import { readOpenAiUsage } from "./shared/openai-messages";
import { buildRollout, collectNumbers } from "./shared/rollout";

// One OpenAI chat record → its rollouts. A record is a `{messages}` row (or another conversation
// key, or `prompt` + `completion`), a DPO pair, a raw response with `choices`, a bare message list,
// or a container of rollouts (`{rollouts: [...], metrics, env_config}`): a flat list of messages is
// one rollout of the container; a list of records or message lists is one rollout per element.

/** What one record yields: rollouts, and an error for each rollout of a container that cannot be read. */
export type RecordItem = { kind: "rollout"; rollout: NormalizedRollout } | { kind: "error"; message: string };

/** Top-level keys mapped into the rollout itself; the rest go to `metadata`. */
const MAPPED_KEYS = new Set(["choices", "reward", "task", "model", "usage", "id", "object", "created"]);
/** Keys a container's rollouts do not inherit: the rollout lists, conversations and container-level grades. */
const NOT_INHERITED = new Set([...ROLLOUT_LIST_KEYS, ...CONVERSATION_KEYS, "prompt", "completion", "id"]);
const GRADE_KEYS = ["reward", "score", "metrics", "scores"];

export const NO_CONVERSATION =
  'record has no chat messages ("messages", "conversation", "trajectory", "history", "rollouts" or "prompt" + "completion") and no response "choices"';

/** Maps one record to its rollouts and per-rollout errors; throws `ImportRecordError` when nothing in it is usable. */
export function mapOpenAiItems(value: unknown): RecordItem[] {
  if (isMessageList(value)) return [{ kind: "rollout", rollout: mapMessageList(value) }];
  if (!isObject(value)) throw new ImportRecordError("record is not a JSON object");
  for (const key of ROLLOUT_LIST_KEYS) {
    const list = value[key];
    if (!Array.isArray(list) || list.length === 0) continue;
    if (isMessageList(list)) {
      const messages = mapChatMessages(list, key);
      return [
        { kind: "rollout", rollout: buildOpenAiRollout({ record: value, messages, conversationKey: key }) },
      ];
    }
    return list.flatMap((element, index) => mapListedRollout({ container: value, key, element, index }));
  }
  return mapOpenAiRecord(value).map((rollout) => ({ kind: "rollout", rollout }));
}

/** A bare list of messages: one conversation, nothing else known about it. */
export function mapMessageList(value: unknown): NormalizedRollout {
  const messages = mapChatMessages(value, "file");
  return buildRollout({ messages, original: value, model: findModel(messages) });
}

/** One element of a container's rollout list; it inherits the container's task, model and config. */
function mapListedRollout(args: {
  container: Record<string, unknown>;
  key: string;
  element: unknown;
  index: number;
}): RecordItem[] {
  const { container, key, element, index } = args;
  const list = container[key] as unknown[];
  const inherited: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(container)) {
    // Container-level grades belong to a rollout only when it is the container's only one.
    if (NOT_INHERITED.has(name) || (list.length > 1 && GRADE_KEYS.includes(name))) continue;
    inherited[name] = value;
  }
  const containerId = getText(container.id);
  try {
    let record: Record<string, unknown>;
    if (Array.isArray(element)) record = { ...inherited, messages: element };
    else if (isObject(element)) record = { ...inherited, ...element };
    else throw new ImportRecordError("is not a rollout (an object or a list of messages)");
    return mapOpenAiRecord(record).map((rollout) => ({
      kind: "rollout",
      rollout: {
        ...rollout,
        externalId: rollout.externalId ?? (containerId ? `${containerId}#${index}` : null),
        metadata: { ...rollout.metadata, rolloutIndex: index },
      },
    }));
  } catch (error) {
    return [{ kind: "error", message: `${key}[${index}]: ${describeMappingError(error)}` }];
  }
}

/** Maps one record to its rollouts (several for a response with `n > 1` choices or a DPO pair). */
export function mapOpenAiRecord(value: unknown): NormalizedRollout[] {
  if (!isObject(value)) throw new ImportRecordError("record is not a JSON object");
  const preferred = value.preferred_output;
  const input = getObject(value.input);
  if (input && Array.isArray(preferred)) return mapPreferencePair(value, input);
  const request = getObject(value.request);
  const response = getObject(value.response);
  const found =
    findConversation(value) ??
    (request && Array.isArray(request.messages)
      ? { key: "request", messages: mapChatMessages(request.messages, "request.messages") }
      : null);
  const choices = getArray(value.choices ?? response?.choices);
  if (!found && choices.length === 0) throw new ImportRecordError(NO_CONVERSATION);
  const base = found?.messages ?? [];
  const conversationKey = found?.key;
  if (choices.length === 0) return [buildOpenAiRollout({ record: value, messages: base, conversationKey })];
  return choices.map((choice, index) => {
    const choiceObject = getObject(choice);
    if (!choiceObject) throw new ImportRecordError(`choices[${index}] is not an object`);
    const replies = mapChatMessage(choiceObject.message ?? choiceObject.delta, `choices[${index}].message`);
    const reply = replies[0];
    const usage = readOpenAiUsage(value.usage ?? response?.usage);
    if (usage && choices.length === 1) reply.tokens = usage;
    const finish = getText(choiceObject.finish_reason);
    if (finish) reply.metadata = { ...reply.metadata, finishReason: finish };
    return buildOpenAiRollout({
      record: value,
      messages: [...base, ...replies],
      conversationKey,
      choice: choices.length > 1 ? index : undefined,
      isTruncated: finish === "length",
    });
  });
}

function mapPreferencePair(
  record: Record<string, unknown>,
  input: Record<string, unknown>,
): NormalizedRollout[] {
  const history = mapChatMessages(input.messages, "input.messages");
  const pairs: Array<[string, unknown]> = [
    ["preferred", record.preferred_output],
    ["non_preferred", record.non_preferred_output],
  ];
  return pairs
    .filter(([, output]) => Array.isArray(output))
    .map(([preference, output]) =>
      buildOpenAiRollout({
        record,
        messages: [...history, ...mapChatMessages(output, `${preference}_output`)],
        preference,
      }),
    );
}

function buildOpenAiRollout(args: {
  record: Record<string, unknown>;
  messages: NormalizedMessage[];
  conversationKey?: string;
  choice?: number;
  preference?: string;
  isTruncated?: boolean;
}): NormalizedRollout {
  const { record, messages, conversationKey, choice, preference, isTruncated } = args;
  const skipped = new Set(MAPPED_KEYS);
  if (conversationKey === "prompt+completion") skipped.add("prompt").add("completion");
  else if (conversationKey) skipped.add(conversationKey);
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!skipped.has(key) && key !== "input" && !key.endsWith("preferred_output")) metadata[key] = value;
  }
  if (choice !== undefined) metadata.choice = choice;
  if (preference) metadata.preference = preference;
  const { reward, source } = readReward(record);
  if (source && source !== "reward") metadata.rewardSource = source;
  const info = getObject(record.info);
  const error = readRecordError(record.error) ?? getText(info?.exception_str) ?? null;
  const id = getText(record.id) ?? getText(record.instance_id) ?? null;
  const scores = { ...collectNumbers(record.metrics), ...collectNumbers(record.scores) };
  const trajectoryFormat = getText(record.trajectory_format);
  return buildRollout({
    externalId: id && choice !== undefined ? `${id}#${choice}` : id,
    taskKey: readContainerTaskKey(record),
    model: getText(record.model) ?? findModel(messages) ?? readConfiguredModel(info),
    harness: trajectoryFormat ? trajectoryFormat.replace(/-\d+(\.\d+)*$/, "") : null,
    reward,
    scores: Object.keys(scores).length > 0 ? scores : undefined,
    status: error ? "error" : isTruncated ? "truncated" : "completed",
    error,
    messages,
    metadata,
    original: record,
    startedAt: toIsoTime(record.created),
  });
}

function readRecordError(value: unknown): string | null {
  if (typeof value === "string" && value.trim() !== "") return value;
  const object = getObject(value);
  return object ? (getText(object.message) ?? JSON.stringify(object)) : null;
}

/** mini-swe-agent keeps the model under `info.config.model.model_name`. */
function readConfiguredModel(info: Record<string, unknown> | undefined): string | null {
  const model = getObject(getObject(info?.config)?.model);
  return getText(model?.model_name) ?? null;
}

/** The first model a message names, if any. */
export function findModel(messages: NormalizedMessage[]): string | null {
  return messages.find((message) => message.model)?.model ?? null;
}
