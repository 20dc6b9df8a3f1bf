import { getText, isObject } from "@/lib/imports/read/json-value";
import { formatBytes } from "@/lib/imports/read/read-lines";
import type {
  ImportLimits,
  ImportSource,
  NormalizedMessage,
  NormalizedRollout,
  ParsedRecord,
} from "@/lib/imports/types";
import { type ReassembledMessage, type ReassembledStream, StreamAssembler } from "./anthropic-stream";
import { readStreamEvents } from "./anthropic-stream-events";
import { mapAnthropicMessage } from "./shared/anthropic-messages";
import { describeMappingError } from "./shared/map-records";
import { buildRollout } from "./shared/rollout";

// A streaming capture (SSE, JSONL or JSON array of events) is one rollout: its responses, reassembled,
// are consecutive assistant messages. Bad events are reported by line and the rest still imported.

export async function* parseAnthropicStream(
  source: ImportSource,
  limits: ImportLimits,
): AsyncGenerator<ParsedRecord> {
  const file = source.name;
  const assembler = new StreamAssembler();
  let events = 0;
  for await (const item of readStreamEvents(source, limits)) {
    if (item.kind === "error") {
      yield { kind: "error", file, line: item.line, message: item.message };
      continue;
    }
    if (!isObject(item.event) || typeof item.event.type !== "string") {
      const message = 'stream event skipped: not a JSON object with a "type"';
      yield { kind: "error", file, line: item.line, message };
      continue;
    }
    events += 1;
    assembler.apply(item.event, item.line);
    if (assembler.size > limits.maxRecordBytes) {
      const limit = formatBytes(limits.maxRecordBytes);
      const message = `the reassembled responses exceed the ${limit} record limit; the capture was not imported`;
      yield { kind: "error", file, record: 1, line: item.line, message };
      return;
    }
  }
  const stream = assembler.finish();
  if (stream.messages.length === 0) {
    const cause = stream.error ? ` (the API returned an error: ${stream.error})` : "";
    const message = `no message_start event: this stream capture holds no response to reassemble${cause}`;
    yield { kind: "error", file, record: 1, message };
    return;
  }
  const line = stream.messages[0].line;
  try {
    yield { kind: "rollout", file, record: 1, line, rollout: buildStreamRollout(stream, events) };
  } catch (error) {
    yield { kind: "error", file, record: 1, line, message: describeMappingError(error) };
  }
}

/** One rollout from the reassembled responses; `original` is the messages, never the raw deltas. */
export function buildStreamRollout(stream: ReassembledStream, events: number): NormalizedRollout {
  const messages = stream.messages.flatMap(mapReassembledMessage);
  const first = stream.messages[0].message;
  const last = stream.messages[stream.messages.length - 1];
  const isCutOff = stream.messages.some((entry) => !entry.isComplete);
  const isTruncated = isCutOff || last.message.stop_reason === "max_tokens";
  const metadata: Record<string, unknown> = { streamEvents: events };
  if (stream.notes.length > 0) metadata.streamNotes = stream.notes;
  if (Object.keys(stream.ignoredEvents).length > 0) metadata.ignoredEvents = stream.ignoredEvents;
  return buildRollout({
    externalId: getText(first.id) ?? null,
    model: getText(first.model) ?? messages.find((message) => message.model)?.model ?? null,
    status: stream.error ? "error" : isTruncated ? "truncated" : "completed",
    error: stream.error,
    messages,
    metadata,
    original: stream.messages.map((entry) => entry.message),
  });
}

function mapReassembledMessage(entry: ReassembledMessage, index: number): NormalizedMessage[] {
  const messages = mapAnthropicMessage(entry.message, `response ${index + 1}`);
  const first = messages.find((message) => message.role === "assistant") ?? messages[0];
  if (entry.error) first.error = entry.error;
  if (!entry.isComplete) first.metadata = { ...first.metadata, isCutOff: true };
  return messages;
}
