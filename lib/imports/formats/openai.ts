import { getArray, getNumber, getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { readFileHead } from "@/lib/imports/read/read-file-head";
import { viewHead } from "@/lib/imports/read/sniff";
import type { FormatImporter, NormalizedMessage, NormalizedRollout, ParsedRecord } from "@/lib/imports/types";
import { detectOpenAi, isMessageListHead } from "./openai-detect";
import { mapJsonRecords, mapWholeFile } from "./shared/map-records";
import { mapOpenAiMessage, mapOpenAiMessages, readOpenAiUsage } from "./shared/openai-messages";
import { buildRollout, collectNumbers, readTaskKey } from "./shared/rollout";

// OpenAI chat records: `{messages}` JSON/JSONL (SFT, RFT, eval dumps, mini-swe-agent), DPO
// `{input, preferred_output, non_preferred_output}`, raw responses `{choices}` (one rollout per choice,
// after the request `messages` when the record has them), and a bare array of messages (one rollout).

/** Top-level keys mapped into the rollout itself; the rest go to `metadata`. */
const MAPPED_KEYS = new Set([
  "messages",
  "choices",
  "reward",
  "task",
  "model",
  "usage",
  "id",
  "object",
  "created",
]);

export const openaiImporter: FormatImporter = {
  format: "openai",
  label: "OpenAI chat messages (JSON / JSONL)",
  detect: detectOpenAi,
  parse: parseOpenAi,
};

async function* parseOpenAi(
  source: Parameters<FormatImporter["parse"]>[0],
  limits: Parameters<FormatImporter["parse"]>[1],
): AsyncGenerator<ParsedRecord> {
  const view = viewHead(await readFileHead(source.path));
  if (isMessageListHead(view)) {
    // A bare list of messages is one conversation: read it whole (bounded by maxRecordBytes).
    yield* mapWholeFile({ source, limits, map: mapMessageList });
    return;
  }
  yield* mapJsonRecords({ source, limits, map: mapOpenAiRecord });
}

function mapMessageList(value: unknown): NormalizedRollout[] {
  const messages = mapOpenAiMessages(value, "file");
  return [buildRollout({ messages, original: value, model: findModel(messages) })];
}

/** Maps one record to its rollouts (several for a response with `n > 1` choices or a DPO pair). */
export function mapOpenAiRecord(value: unknown): NormalizedRollout[] {
  if (!isObject(value)) throw new ImportRecordError("record is not a JSON object");
  const preferred = value.preferred_output;
  const input = getObject(value.input);
  if (input && Array.isArray(preferred)) return mapPreferencePair(value, input);
  const request = getObject(value.request);
  const response = getObject(value.response);
  const history = value.messages ?? request?.messages;
  const choices = getArray(value.choices ?? response?.choices);
  if (history === undefined && choices.length === 0) {
    throw new ImportRecordError('record has no "messages" list (and no response "choices")');
  }
  const base = history === undefined ? [] : mapOpenAiMessages(history);
  if (choices.length === 0) return [buildOpenAiRollout({ record: value, messages: base })];
  return choices.map((choice, index) => {
    const choiceObject = getObject(choice);
    if (!choiceObject) throw new ImportRecordError(`choices[${index}] is not an object`);
    const reply = mapOpenAiMessage(choiceObject.message ?? choiceObject.delta, `choices[${index}].message`);
    const usage = readOpenAiUsage(value.usage ?? response?.usage);
    if (usage && choices.length === 1) reply.tokens = usage;
    const finish = getText(choiceObject.finish_reason);
    if (finish) reply.metadata = { ...reply.metadata, finishReason: finish };
    return buildOpenAiRollout({
      record: value,
      messages: [...base, reply],
      choice: choices.length > 1 ? index : undefined,
      isTruncated: finish === "length",
    });
  });
}

function mapPreferencePair(
  record: Record<string, unknown>,
  input: Record<string, unknown>,
): NormalizedRollout[] {
  const history = mapOpenAiMessages(input.messages, "input.messages");
  const pairs: Array<[string, unknown]> = [
    ["preferred", record.preferred_output],
    ["non_preferred", record.non_preferred_output],
  ];
  return pairs
    .filter(([, output]) => Array.isArray(output))
    .map(([preference, output]) =>
      buildOpenAiRollout({
        record,
        messages: [...history, ...mapOpenAiMessages(output, `${preference}_output`)],
        preference,
      }),
    );
}

function buildOpenAiRollout(args: {
  record: Record<string, unknown>;
  messages: NormalizedMessage[];
  choice?: number;
  preference?: string;
  isTruncated?: boolean;
}): NormalizedRollout {
  const { record, messages, choice, preference, isTruncated } = args;
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!MAPPED_KEYS.has(key) && key !== "input" && !key.endsWith("preferred_output")) metadata[key] = value;
  }
  if (choice !== undefined) metadata.choice = choice;
  if (preference) metadata.preference = preference;
  const info = getObject(record.info);
  const error = readRecordError(record.error) ?? getText(info?.exception_str) ?? null;
  const id = getText(record.id) ?? getText(record.instance_id) ?? null;
  const scores = { ...collectNumbers(record.metrics), ...collectNumbers(record.scores) };
  const trajectoryFormat = getText(record.trajectory_format);
  return buildRollout({
    externalId: id && choice !== undefined ? `${id}#${choice}` : id,
    taskKey: readTaskKey(record),
    model: getText(record.model) ?? findModel(messages) ?? readConfiguredModel(info),
    harness: trajectoryFormat ? trajectoryFormat.replace(/-\d+(\.\d+)*$/, "") : null,
    reward: getNumber(record.reward) ?? null,
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

function findModel(messages: NormalizedMessage[]): string | null {
  return messages.find((message) => message.model)?.model ?? null;
}
