import { getNumber, getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError, parseJson } from "@/lib/imports/read/parse-json";
import { readFileHead } from "@/lib/imports/read/read-file-head";
import { readLines } from "@/lib/imports/read/read-lines";
import { readSampleKeys, viewHead } from "@/lib/imports/read/sniff";
import type {
  FormatImporter,
  FormatSample,
  ImportLimits,
  ImportSource,
  NormalizedMessage,
  NormalizedRollout,
  ParsedRecord,
  TokenCounts,
} from "@/lib/imports/types";
import { mapWholeFile } from "./shared/map-records";
import { joinText, stringifyContent } from "./shared/message-text";
import { buildRollout } from "./shared/rollout";

// Gemini CLI session files (`~/.gemini/tmp/<project hash>/chats/session-<time>-<id>.json|.jsonl`),
// written by gemini-cli's ChatRecordingService (packages/core/src/services/chatRecordingService.ts,
// chatRecordingTypes.ts). The older `.json` is one ConversationRecord `{sessionId, projectHash,
// startTime, lastUpdated, messages: [MessageRecord]}`; the newer `.jsonl` starts with that metadata,
// then appends each MessageRecord (again, by `id`, when it changes: the last copy wins), `{$set}`
// metadata updates and `{$rewindTo: id}` rewinds (that message and later ones are dropped). One file is
// one rollout. See docs/formats/gemini-cli.md.

export const geminiCliImporter: FormatImporter = {
  format: "gemini-cli",
  label: "Gemini CLI session (session-….json / .jsonl)",
  detect: detectGeminiCli,
  parse: parseGeminiCli,
};

const isMetadataRecord = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && typeof value.sessionId === "string" && typeof value.projectHash === "string";

export function detectGeminiCli(sample: FormatSample): number {
  const view = viewHead(sample.head);
  if (view.opening !== "{") return 0;
  const [first] = view.records;
  if (isMetadataRecord(first)) {
    if (Array.isArray(first.messages)) return 90;
    // JSONL: the metadata line, then message records with `id` and `type`.
    return view.records.length === 1 && !view.isWholeDocument
      ? 70
      : view.records.slice(1).some((record) => isObject(record) && typeof record.id === "string")
        ? 90
        : 60;
  }
  if (view.records.length > 0) return 0;
  const keys = readSampleKeys(sample, view);
  return keys.includes("sessionId") && keys.includes("projectHash") && keys.includes("messages") ? 85 : 0;
}

async function* parseGeminiCli(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const view = viewHead(await readFileHead(source.path));
  const [first] = view.records;
  // One document (the older .json, also when longer than the head), or JSONL records.
  const isDocument = first === undefined || (isObject(first) && Array.isArray(first.messages));
  const items = isDocument
    ? mapWholeFile({ source, limits, map: (value) => [mapConversation(value, null)] })
    : parseJsonl(source, limits);
  for await (const item of items) {
    yield item;
    if (item.kind !== "rollout") continue;
    const skipped = getObject(item.rollout.metadata.skippedMessages) ?? {};
    for (const [type, count] of Object.entries(skipped)) {
      if (typeof count === "number") yield { kind: "skipped", file: source.name, type, count };
    }
  }
}

/** The `.jsonl` layout: metadata, message records by id (last copy wins), `$set`, `$rewindTo`. */
async function* parseJsonl(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const file = source.name;
  let metadata: Record<string, unknown> = {};
  const records = new Map<string, { value: Record<string, unknown>; line: number }>();
  const lines: unknown[] = [];
  let rewinds = 0;
  for await (const item of readLines(source.path, limits)) {
    if (item.kind === "error") {
      yield { kind: "error", file, line: item.line, message: item.message };
      continue;
    }
    let value: unknown;
    try {
      value = parseJson(item.text, limits);
    } catch (error) {
      if (!(error instanceof ImportRecordError)) throw error;
      yield { kind: "error", file, line: item.line, message: `session line skipped: ${error.message}` };
      records.set(`unreadable-${item.line}`, { value: { $unreadable: error.message }, line: item.line });
      continue;
    }
    lines.push(value);
    if (!isObject(value)) continue;
    if (typeof value.$rewindTo === "string") {
      rewinds += 1;
      let isFound = false;
      for (const id of [...records.keys()]) {
        if (id === value.$rewindTo) isFound = true;
        if (isFound) records.delete(id);
      }
      if (!isFound) records.clear();
    } else if (typeof value.id === "string") {
      const previous = records.get(value.id);
      records.set(value.id, { value, line: previous?.line ?? item.line });
    } else if (isObject(value.$set)) {
      metadata = { ...metadata, ...value.$set };
    } else if (isMetadataRecord(value)) {
      metadata = { ...metadata, ...value };
    }
  }
  if (!isMetadataRecord(metadata)) {
    yield {
      kind: "error",
      file,
      record: 1,
      message: "not a Gemini CLI session: no sessionId/projectHash line",
    };
    return;
  }
  try {
    const rollout = mapConversation(
      { ...metadata, messages: [...records.values()].map(({ value, line }) => ({ ...value, $line: line })) },
      lines,
    );
    if (rewinds > 0) rollout.metadata.rewinds = rewinds;
    yield { kind: "rollout", file, record: 1, line: 1, rollout };
  } catch (error) {
    yield {
      kind: "error",
      file,
      record: 1,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** A ConversationRecord → one rollout; `original` is the document, or the `.jsonl` lines. */
function mapConversation(value: unknown, lines: unknown[] | null): NormalizedRollout {
  if (!isMetadataRecord(value) || !Array.isArray(value.messages)) {
    throw new ImportRecordError(
      'not a Gemini CLI session: expected "sessionId", "projectHash" and "messages"',
    );
  }
  const messages: NormalizedMessage[] = [];
  const skipped: Record<string, number> = {};
  const models: string[] = [];
  value.messages.forEach((record, index) => {
    if (!isObject(record)) return;
    const line = getNumber(record.$line);
    const where = line === undefined ? { index } : { line };
    if (typeof record.$unreadable === "string") {
      messages.push({
        role: "system",
        text: "",
        error: `line ${line} could not be read: ${record.$unreadable}`,
        metadata: { ...where, unreadable: true },
      });
      return;
    }
    const type = getText(record.type) ?? "untyped";
    const createdAt = toIsoTime(record.timestamp);
    const base = { createdAt, metadata: { ...where, id: record.id } as Record<string, unknown> };
    if (type === "user") {
      messages.push({ ...base, role: "user", text: readParts(record.content) });
      return;
    }
    if (type === "error") {
      messages.push({ ...base, role: "assistant", text: "", error: readParts(record.content) || "error" });
      return;
    }
    if (type !== "gemini") {
      // info and warning notes the CLI showed the user.
      skipped[type] = (skipped[type] ?? 0) + 1;
      return;
    }
    const model = getText(record.model) ?? null;
    if (model && models.at(-1) !== model) models.push(model);
    const calls = Array.isArray(record.toolCalls) ? record.toolCalls.filter(isObject) : [];
    const thoughts = Array.isArray(record.thoughts) ? record.thoughts.filter(isObject) : [];
    const reasoning = joinText(
      thoughts.map((thought) =>
        joinText([
          getText(thought.subject) ? `**${getText(thought.subject)}**` : null,
          getText(thought.description),
        ]),
      ),
    );
    messages.push({
      ...base,
      role: "assistant",
      text: readParts(record.content),
      model,
      ...(reasoning ? { reasoning } : {}),
      ...(calls.length > 0
        ? {
            toolCalls: calls.map((call, position) => ({
              id: getText(call.id) ?? `gemini-cli-${String(record.id)}-${position}`,
              name: getText(call.name) ?? "tool",
              arguments: call.args ?? {},
            })),
          }
        : {}),
      tokens: readTokens(record.tokens),
    });
    calls.forEach((call, position) => {
      if (call.result === undefined && call.status !== "error" && call.status !== "cancelled") return;
      const status = getText(call.status);
      const text = readToolResult(call.result);
      messages.push({
        role: "tool",
        text,
        toolCallId: getText(call.id) ?? `gemini-cli-${String(record.id)}-${position}`,
        toolName: getText(call.name) ?? null,
        createdAt: toIsoTime(call.timestamp) ?? createdAt,
        ...(status === "error" || status === "cancelled" ? { error: text || status } : {}),
        metadata: {
          ...where,
          status,
          ...(getText(call.displayName) ? { displayName: call.displayName } : {}),
        },
      });
    });
  });
  const metadata: Record<string, unknown> = { projectHash: value.projectHash, skippedMessages: skipped };
  if (getText(value.summary)) metadata.summary = value.summary;
  if (getText(value.kind)) metadata.kind = value.kind;
  if (Array.isArray(value.directories)) metadata.directories = value.directories;
  if (models.length > 1) metadata.models = models;
  const lastCall = messages.findLastIndex((m) => (m.toolCalls?.length ?? 0) > 0);
  const isUnanswered = lastCall !== -1 && !messages.slice(lastCall + 1).some((m) => m.role === "tool");
  return buildRollout({
    externalId: getText(value.sessionId) ?? null,
    model: models.at(-1) ?? null,
    harness: "gemini-cli",
    messages,
    status: isUnanswered ? "truncated" : "completed",
    metadata,
    original: lines ?? value,
    startedAt: toIsoTime(value.startTime),
    endedAt: toIsoTime(value.lastUpdated),
  });
}

/** `PartListUnion`: a string, a part, or a list of them; text parts joined. */
function readParts(content: unknown): string {
  if (typeof content === "string") return content;
  const parts = Array.isArray(content) ? content : [content];
  return joinText(
    parts.map((part) => (typeof part === "string" ? part : isObject(part) ? getText(part.text) : null)),
  );
}

/** A tool result: `functionResponse.response` (`output` or `error`), else text parts. */
function readToolResult(result: unknown): string {
  const parts = Array.isArray(result) ? result : result == null ? [] : [result];
  const texts = parts.map((part) => {
    if (typeof part === "string") return part;
    if (!isObject(part)) return null;
    const response = getObject(getObject(part.functionResponse)?.response);
    if (response) return getText(response.output) ?? getText(response.error) ?? stringifyContent(response);
    return getText(part.text) ?? null;
  });
  return joinText(texts);
}

function readTokens(value: unknown): TokenCounts | null {
  const tokens = getObject(value);
  if (!tokens) return null;
  const counts: TokenCounts = {};
  const input = getNumber(tokens.input);
  const output = getNumber(tokens.output);
  const thoughts = getNumber(tokens.thoughts);
  const total = getNumber(tokens.total);
  if (input !== undefined) counts.input = input;
  if (output !== undefined) counts.output = output;
  if (thoughts !== undefined) counts.reasoning = thoughts;
  if (total !== undefined) counts.total = total;
  return Object.keys(counts).length > 0 ? counts : null;
}
