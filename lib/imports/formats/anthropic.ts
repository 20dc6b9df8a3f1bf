import { getNumber, getText, isObject } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { readFileHead } from "@/lib/imports/read/read-file-head";
import { viewHead } from "@/lib/imports/read/sniff";
import type {
  FormatImporter,
  ImportLimits,
  ImportSource,
  NormalizedRollout,
  ParsedRecord,
} from "@/lib/imports/types";
import { parseClaudeCodeSession } from "./anthropic-claude-code";
import { detectAnthropic, isClaudeCodeHead, isStreamCaptureHead } from "./anthropic-detect";
import { parseAnthropicStream } from "./anthropic-stream-rollout";
import { isMessageListHead } from "./openai-detect";
import { mapAnthropicMessage, mapAnthropicMessages, readAnthropicSystem } from "./shared/anthropic-messages";
import { mapJsonRecords, mapWholeFile } from "./shared/map-records";
import { buildRollout, collectNumbers, readTaskKey } from "./shared/rollout";

// Anthropic Messages API records (`{system?, messages, model?, ...}` JSON/JSONL/array, or a bare
// response `{type: "message", ...}`), streaming captures (SSE or JSON events, reassembled) and
// Claude Code session logs (one file = one rollout for both).

const MAPPED_KEYS = new Set(["messages", "system", "model", "reward", "task", "id"]);

export const anthropicImporter: FormatImporter = {
  format: "anthropic",
  label: "Anthropic messages (also streamed) / Claude Code session",
  detect: detectAnthropic,
  parse: parseAnthropic,
};

async function* parseAnthropic(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const view = viewHead(await readFileHead(source.path));
  if (isStreamCaptureHead(view)) {
    yield* parseAnthropicStream(source, limits);
    return;
  }
  if (isClaudeCodeHead(view)) {
    yield* parseClaudeCodeSession(source, limits);
    return;
  }
  if (isMessageListHead(view)) {
    // A bare list of messages is one conversation: read it whole (bounded by maxRecordBytes).
    yield* mapWholeFile({
      source,
      limits,
      map: (value) => [build({}, mapAnthropicMessages(value, "file"), value)],
    });
    return;
  }
  yield* mapJsonRecords({ source, limits, map: mapAnthropicRecord });
}

export function mapAnthropicRecord(value: unknown): NormalizedRollout[] {
  if (!isObject(value)) throw new ImportRecordError("record is not a JSON object");
  if (value.type === "message" && !Array.isArray(value.messages)) {
    return [build(value, mapAnthropicMessage({ ...value, role: value.role ?? "assistant" }, "message"))];
  }
  if (!Array.isArray(value.messages)) throw new ImportRecordError('record has no "messages" list');
  const system = readAnthropicSystem(value.system);
  const messages = mapAnthropicMessages(value.messages);
  // A captured exchange may carry the reply separately.
  if (isObject(value.response) && Array.isArray(value.response.content)) {
    messages.push(...mapAnthropicMessage({ ...value.response, role: "assistant" }, "response"));
  }
  return [build(value, system ? [system, ...messages] : messages)];
}

/** A rollout from a record's fields; `original` defaults to the record (a bare message list passes the list). */
function build(
  record: Record<string, unknown>,
  messages: ReturnType<typeof mapAnthropicMessages>,
  original: unknown = record,
): NormalizedRollout {
  const metadata: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(record)) if (!MAPPED_KEYS.has(key)) metadata[key] = child;
  const scores = { ...collectNumbers(record.metrics), ...collectNumbers(record.scores) };
  return buildRollout({
    externalId: getText(record.id) ?? null,
    taskKey: readTaskKey(record),
    model: getText(record.model) ?? messages.find((message) => message.model)?.model ?? null,
    reward: getNumber(record.reward) ?? null,
    scores: Object.keys(scores).length > 0 ? scores : undefined,
    status: record.stop_reason === "max_tokens" ? "truncated" : "completed",
    messages,
    metadata,
    original,
  });
}
