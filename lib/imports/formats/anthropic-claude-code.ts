import { getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError, parseJson } from "@/lib/imports/read/parse-json";
import { readLines } from "@/lib/imports/read/read-lines";
import type { ImportLimits, ImportSource, NormalizedMessage, ParsedRecord } from "@/lib/imports/types";
import { mapAnthropicMessage } from "./shared/anthropic-messages";
import { describeMappingError } from "./shared/map-records";
import { buildRollout } from "./shared/rollout";

// Claude Code session logs: JSONL, one event per line, the whole file is one rollout. Claude Code
// writes each content block of an API response on its own line (same `message.id`); consecutive
// lines of one response are merged back into one message. Lines of other types (attachments, queue
// operations, file-history snapshots, and types newer versions add) are counted, not kept, and
// reported as skipped records. A line that can't be read or mapped fails alone: it is reported with
// its line number and stands in the transcript as an error message where it occurred.

type SessionLine = { line: number; event: Record<string, unknown>; message: Record<string, unknown> };
/** A line that could not be read: kept in the sequence so the transcript shows it where it was. */
type BrokenLine = { line: number; broken: string; role: "user" | "assistant" | "system" };
type Group = SessionLine[] | BrokenLine;

export async function* parseClaudeCodeSession(
  source: ImportSource,
  limits: ImportLimits,
): AsyncGenerator<ParsedRecord> {
  const events: unknown[] = [];
  const groups: Group[] = [];
  const skipped: Record<string, number> = {};
  const versions: string[] = [];
  for await (const item of readLines(source.path, limits)) {
    if (item.kind === "error") {
      yield { kind: "error", file: source.name, line: item.line, message: item.message };
      groups.push({ line: item.line, broken: item.message, role: "system" });
      continue;
    }
    let event: unknown;
    try {
      event = parseJson(item.text, limits);
    } catch (error) {
      if (!(error instanceof ImportRecordError)) throw error;
      yield {
        kind: "error",
        file: source.name,
        line: item.line,
        message: `session line skipped: ${error.message}`,
      };
      groups.push({ line: item.line, broken: error.message, role: guessRole(item.text) });
      continue;
    }
    events.push(event);
    if (!isObject(event)) {
      skipped["not an object"] = (skipped["not an object"] ?? 0) + 1;
      continue;
    }
    const version = getText(event.version);
    if (version && versions.at(-1) !== version) versions.push(version);
    const type = getText(event.type) ?? "untyped";
    const message = getObject(event.message);
    if (type !== "user" && type !== "assistant") {
      skipped[type] = (skipped[type] ?? 0) + 1;
      continue;
    }
    if (!message) {
      // A user or assistant line without its message: a broken record, not bookkeeping.
      yield {
        kind: "error",
        file: source.name,
        line: item.line,
        message: `session line skipped: a ${type} line without a "message" object`,
      };
      groups.push({ line: item.line, broken: describeUpstreamError(event), role: type });
      continue;
    }
    const current = { line: item.line, event, message };
    const last = groups.at(-1);
    const previous = Array.isArray(last) ? last.at(-1) : undefined;
    const isSameResponse =
      previous &&
      message.role === "assistant" &&
      previous.message.role === "assistant" &&
      getText(message.id) &&
      message.id === previous.message.id;
    if (isSameResponse && Array.isArray(last)) last.push(current);
    else groups.push([current]);
  }
  for (const [type, count] of Object.entries(skipped))
    yield { kind: "skipped", file: source.name, type, count };
  const lines = groups.filter((group): group is SessionLine[] => Array.isArray(group));
  if (lines.length === 0) {
    yield {
      kind: "error",
      file: source.name,
      record: 1,
      message: "the session has no user or assistant messages",
    };
    return;
  }
  const messages: NormalizedMessage[] = [];
  for (const group of groups) {
    if (!Array.isArray(group)) {
      messages.push(brokenMessage(group));
      continue;
    }
    try {
      messages.push(...mapGroup(group));
    } catch (error) {
      // This message alone fails, with its line; the turns around it stay.
      const line = group[0].line;
      yield { kind: "error", file: source.name, line, message: describeMappingError(error) };
      const role = group[0].event.type === "user" ? "user" : "assistant";
      messages.push(brokenMessage({ line, broken: describeUpstreamError(group[0].message), role }));
    }
  }
  try {
    const first = lines[0][0].event;
    const last = lines.at(-1)?.at(-1)?.event ?? first;
    const sessionId = getText(first.sessionId);
    const agentId = getText(first.agentId);
    const rollout = buildRollout({
      externalId: sessionId && agentId ? `${sessionId}:${agentId}` : (sessionId ?? agentId ?? null),
      model: messages.find((message) => message.model)?.model ?? null,
      harness: "claude-code",
      messages,
      // A session that stops on a tool call nobody answered was cut off, not finished.
      status: endsOnUnansweredToolCall(messages) ? "truncated" : "completed",
      metadata: {
        version: versions.at(-1) ?? first.version,
        ...(versions.length > 1 ? { versions } : {}),
        cwd: first.cwd,
        gitBranch: first.gitBranch,
        agentId,
        slug: lines.flat().find((line) => getText(line.event.slug))?.event.slug,
        isSidechain: first.isSidechain,
        skippedLines: skipped,
      },
      original: events,
      startedAt: toIsoTime(first.timestamp),
      endedAt: toIsoTime(last.timestamp),
    });
    yield { kind: "rollout", file: source.name, record: 1, line: lines[0][0].line, rollout };
  } catch (error) {
    yield {
      kind: "error",
      file: source.name,
      record: 1,
      line: lines[0][0].line,
      message: describeMappingError(error),
    };
  }
}

/** One API message from its lines (their content blocks concatenated), mapped with line metadata. */
function mapGroup(group: SessionLine[]): NormalizedMessage[] {
  const head = group[0];
  const content = group.flatMap(({ message }): unknown[] => {
    if (typeof message.content === "string") return [{ type: "text", text: message.content }];
    return Array.isArray(message.content) ? message.content : [];
  });
  const merged = { ...(group.at(-1)?.message ?? head.message), content };
  const messages = mapAnthropicMessage(merged, `line ${head.line}`);
  const createdAt = toIsoTime(head.event.timestamp);
  return messages.map((message) => {
    const metadata: Record<string, unknown> = { ...message.metadata, uuid: head.event.uuid, line: head.line };
    if (head.event.isMeta === true) metadata.isMeta = true;
    const error = head.event.isApiErrorMessage === true ? message.text || "API error" : message.error;
    return { ...message, createdAt: message.createdAt ?? createdAt, metadata, error: error ?? message.error };
  });
}

/** The stand-in for a line that could not be read: an empty message carrying the reason as its error. */
function brokenMessage(line: BrokenLine): NormalizedMessage {
  return {
    role: line.role,
    text: "",
    error: `line ${line.line} could not be read: ${line.broken}`,
    metadata: { line: line.line, unreadable: true },
  };
}

/** What an upstream error says (`{type: "error", error: {type, message}}` or `error: "rate_limit"`), or why the line is unusable. */
function describeUpstreamError(value: unknown): string {
  if (!isObject(value)) return "not a message object";
  if (typeof value.error === "string") return `upstream error: ${value.error}`;
  if (isObject(value.error)) {
    const parts = [getText(value.error.type), getText(value.error.message)].filter(Boolean);
    return `upstream error: ${parts.join(": ") || "no details"}`;
  }
  if (value.type === "error") return "upstream error: no details";
  return getText(value.role) ? "the message could not be mapped" : 'a message without "role"';
}

/** The role a line that is not valid JSON was probably written for, from its `"type"` field. */
function guessRole(text: string): BrokenLine["role"] {
  const type = /"type"\s*:\s*"(user|assistant)"/.exec(text.slice(0, 2_000))?.[1];
  return type === "user" || type === "assistant" ? type : "system";
}

/** The last assistant message asks for tools and no result answers any of them. */
function endsOnUnansweredToolCall(messages: NormalizedMessage[]): boolean {
  const lastCall = messages.findLastIndex((message) => (message.toolCalls?.length ?? 0) > 0);
  if (lastCall === -1) return false;
  const ids = new Set(messages[lastCall].toolCalls?.map((call) => call.id));
  const answered = messages
    .slice(lastCall + 1)
    .some((m) => m.role === "tool" && m.toolCallId && ids.has(m.toolCallId));
  const continued = messages.slice(lastCall + 1).some((m) => m.role === "assistant");
  return !answered && !continued;
}
