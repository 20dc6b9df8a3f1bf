import { getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError, parseJson } from "@/lib/imports/read/parse-json";
import { readLines } from "@/lib/imports/read/read-lines";
import type { ImportLimits, ImportSource, NormalizedMessage, ParsedRecord } from "@/lib/imports/types";
import { mapAnthropicMessage } from "./shared/anthropic-messages";
import { describeMappingError } from "./shared/map-records";
import { buildRollout } from "./shared/rollout";

// Claude Code session logs: JSONL, one event per line, the whole file is one rollout. Claude Code
// writes each content block of an API response on its own line (same `message.id`); consecutive
// lines of one response are merged back into one message. Non-message lines are counted, not kept.

type SessionLine = { line: number; event: Record<string, unknown>; message: Record<string, unknown> };

export async function* parseClaudeCodeSession(
  source: ImportSource,
  limits: ImportLimits,
): AsyncGenerator<ParsedRecord> {
  const events: unknown[] = [];
  const groups: SessionLine[][] = [];
  const skipped: Record<string, number> = {};
  for await (const item of readLines(source.path, limits)) {
    if (item.kind === "error") {
      yield { kind: "error", file: source.name, line: item.line, message: item.message };
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
      continue;
    }
    events.push(event);
    const message = isObject(event) ? getObject(event.message) : undefined;
    if (!isObject(event) || !message || (event.type !== "user" && event.type !== "assistant")) {
      const type = isObject(event) ? (getText(event.type) ?? "unknown") : "not an object";
      skipped[type] = (skipped[type] ?? 0) + 1;
      continue;
    }
    const current = { line: item.line, event, message };
    const previous = groups.at(-1)?.at(-1);
    const isSameResponse =
      previous &&
      message.role === "assistant" &&
      previous.message.role === "assistant" &&
      getText(message.id) &&
      message.id === previous.message.id;
    if (isSameResponse) groups.at(-1)?.push(current);
    else groups.push([current]);
  }
  if (groups.length === 0) {
    yield {
      kind: "error",
      file: source.name,
      record: 1,
      message: "the session has no user or assistant messages",
    };
    return;
  }
  try {
    const messages = groups.flatMap(mapGroup);
    const first = groups[0][0].event;
    const last = groups.at(-1)?.at(-1)?.event ?? first;
    const sessionId = getText(first.sessionId);
    const agentId = getText(first.agentId);
    const rollout = buildRollout({
      externalId: sessionId && agentId ? `${sessionId}:${agentId}` : (sessionId ?? agentId ?? null),
      model: messages.find((message) => message.model)?.model ?? null,
      harness: "claude-code",
      messages,
      metadata: {
        version: first.version,
        cwd: first.cwd,
        gitBranch: first.gitBranch,
        agentId,
        slug: groups.flat().find((line) => getText(line.event.slug))?.event.slug,
        isSidechain: first.isSidechain,
        skippedLines: skipped,
      },
      original: events,
      startedAt: toIsoTime(first.timestamp),
      endedAt: toIsoTime(last.timestamp),
    });
    yield { kind: "rollout", file: source.name, record: 1, line: groups[0][0].line, rollout };
  } catch (error) {
    yield {
      kind: "error",
      file: source.name,
      record: 1,
      line: groups[0][0].line,
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
