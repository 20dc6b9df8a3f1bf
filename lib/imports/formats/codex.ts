import {
  getNumber,
  getObject,
  getText,
  isObject,
  parseToolArguments,
  toIsoTime,
} from "@/lib/imports/read/json-value";
import { ImportRecordError, parseJson } from "@/lib/imports/read/parse-json";
import { readLines } from "@/lib/imports/read/read-lines";
import { viewHead } from "@/lib/imports/read/sniff";
import type {
  FormatImporter,
  FormatSample,
  ImportLimits,
  ImportSource,
  MessagePart,
  NormalizedMessage,
  ParsedRecord,
  TokenCounts,
  ToolCall,
} from "@/lib/imports/types";
import { buildImagePart, joinText } from "./shared/message-text";
import { buildRollout } from "./shared/rollout";

// Codex CLI sessions (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`), written by
// `codex-rs` as one `RolloutLine` per line: `{timestamp, type, payload}` where `type` names a
// `RolloutItem` (session_meta, turn_context, response_item, compacted, event_msg). The whole file is
// one rollout. The transcript is the `response_item`s (the model's own history: messages,
// reasoning, function and custom tool calls and their outputs, linked by `call_id`); `event_msg`
// lines repeat the turns for the UI (user_message, agent_message, agent_reasoning) and are counted,
// not kept, except token counts (on the assistant message they follow), errors and aborted turns.
// See docs/formats/codex-cli.md.

const ROLLOUT_TYPES = new Set(["session_meta", "turn_context", "response_item", "compacted", "event_msg"]);

export const codexImporter: FormatImporter = {
  format: "codex",
  label: "Codex CLI session (rollout-….jsonl)",
  detect: detectCodex,
  parse: parseCodexSession,
};

function isRolloutLine(value: unknown): value is Record<string, unknown> {
  return (
    isObject(value) && typeof value.type === "string" && ROLLOUT_TYPES.has(value.type) && "payload" in value
  );
}

export function detectCodex(sample: FormatSample): number {
  const view = viewHead(sample.head);
  if (view.opening !== "{") return 0;
  if (view.records.length > 0) {
    // Lines of types a newer Codex adds are allowed; most must be rollout lines.
    const known = view.records.filter(isRolloutLine).length;
    if (known === 0 || known < view.records.length / 2) return 0;
    return view.records.some((record) => isObject(record) && record.type === "session_meta") ? 95 : 85;
  }
  // A first line longer than the head (a session_meta with long base instructions).
  return /^\s*\{\s*"timestamp"\s*:\s*"[^"]*"\s*,\s*"type"\s*:\s*"(session_meta|response_item|turn_context)"\s*,\s*"payload"\s*:/.test(
    view.text,
  )
    ? 85
    : 0;
}

type State = {
  messages: NormalizedMessage[];
  /** Reasoning waiting for the assistant message it precedes. */
  reasoning: string[];
  encryptedReasoning: number;
  model: string | null;
  models: string[];
  meta: Record<string, unknown>;
  lastTokens: Record<string, unknown> | null;
  isAborted: boolean;
  /** Whether the last message may take further tool calls of the same response. */
  isOpenAssistant: boolean;
};

async function* parseCodexSession(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const file = source.name;
  const lines: unknown[] = [];
  const skipped: Record<string, number> = {};
  const skip = (type: string) => {
    skipped[type] = (skipped[type] ?? 0) + 1;
  };
  const state: State = {
    messages: [],
    reasoning: [],
    encryptedReasoning: 0,
    model: null,
    models: [],
    meta: {},
    lastTokens: null,
    isAborted: false,
    isOpenAssistant: false,
  };
  let firstTime: string | null = null;
  let lastTime: string | null = null;
  let firstLine: number | null = null;
  for await (const item of readLines(source.path, limits)) {
    if (item.kind === "error") {
      yield { kind: "error", file, line: item.line, message: item.message };
      pushBroken(state, item.line, item.message);
      continue;
    }
    let line: unknown;
    try {
      line = parseJson(item.text, limits);
    } catch (error) {
      if (!(error instanceof ImportRecordError)) throw error;
      yield { kind: "error", file, line: item.line, message: `session line skipped: ${error.message}` };
      pushBroken(state, item.line, error.message);
      continue;
    }
    lines.push(line);
    if (!isObject(line)) {
      skip("not an object");
      continue;
    }
    const type = getText(line.type) ?? "untyped";
    const payload = getObject(line.payload);
    const timestamp = toIsoTime(line.timestamp) ?? null;
    firstTime ??= timestamp;
    lastTime = timestamp ?? lastTime;
    firstLine ??= item.line;
    if (!payload || !ROLLOUT_TYPES.has(type)) {
      skip(type);
      continue;
    }
    try {
      mapLine(state, type, payload, { line: item.line, timestamp }, skip);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      yield { kind: "error", file, line: item.line, message: `could not read this line: ${message}` };
      pushBroken(state, item.line, message);
    }
  }
  for (const [type, count] of Object.entries(skipped)) yield { kind: "skipped", file, type, count };
  if (state.messages.filter((m) => !m.metadata?.unreadable).length === 0) {
    yield { kind: "error", file, record: 1, message: "the session has no messages (no response_item lines)" };
    return;
  }
  const lastCall = state.messages.findLastIndex((m) => (m.toolCalls?.length ?? 0) > 0);
  const isUnanswered =
    lastCall !== -1 &&
    !state.messages
      .slice(lastCall + 1)
      .some((m) => m.role === "tool" || (m.role === "assistant" && !m.metadata?.unreadable));
  const metadata: Record<string, unknown> = { ...state.meta, skippedLines: skipped };
  if (state.models.length > 1) metadata.models = state.models;
  if (state.encryptedReasoning > 0) metadata.encryptedReasoningItems = state.encryptedReasoning;
  if (state.lastTokens) metadata.totalTokenUsage = state.lastTokens;
  const rollout = buildRollout({
    externalId: getText(state.meta.sessionId) ?? null,
    model: state.model,
    harness: "codex-cli",
    messages: state.messages,
    status: state.isAborted || isUnanswered ? "truncated" : "completed",
    metadata,
    original: lines,
    startedAt: firstTime,
    endedAt: lastTime,
  });
  yield { kind: "rollout", file, record: 1, line: firstLine ?? 1, rollout };
}

type At = { line: number; timestamp: string | null };

function mapLine(
  state: State,
  type: string,
  payload: Record<string, unknown>,
  at: At,
  skip: (type: string) => void,
): void {
  if (type === "session_meta") {
    const meta = state.meta;
    meta.sessionId = getText(payload.id) ?? getText(payload.session_id) ?? meta.sessionId;
    for (const [from, to] of [
      ["cwd", "cwd"],
      ["originator", "originator"],
      ["cli_version", "cliVersion"],
      ["model_provider", "modelProvider"],
      ["source", "source"],
    ] as const) {
      if (payload[from] !== undefined) meta[to] = payload[from];
    }
    if (isObject(payload.git)) meta.git = payload.git;
    const instructions = getText(payload.instructions) ?? getText(getObject(payload.base_instructions)?.text);
    if (instructions && !state.messages.some((m) => m.metadata?.instructions)) {
      state.messages.unshift({
        role: "system",
        text: instructions,
        createdAt: at.timestamp,
        metadata: { line: at.line, instructions: true },
      });
    }
    return;
  }
  if (type === "turn_context") {
    const model = getText(payload.model);
    if (model) {
      state.model = model;
      if (state.models.at(-1) !== model) state.models.push(model);
    }
    if (payload.effort !== undefined) state.meta.effort = payload.effort;
    return;
  }
  if (type === "compacted") {
    state.messages.push({
      role: "user",
      text: getText(payload.message) ?? "",
      createdAt: at.timestamp,
      metadata: { line: at.line, compacted: true },
    });
    state.isOpenAssistant = false;
    return;
  }
  if (type === "event_msg") {
    mapEvent(state, payload, at, skip);
    return;
  }
  mapResponseItem(state, payload, at, skip);
}

function mapEvent(
  state: State,
  payload: Record<string, unknown>,
  at: At,
  skip: (type: string) => void,
): void {
  const kind = getText(payload.type) ?? "untyped";
  if (kind === "token_count") {
    const info = getObject(payload.info);
    const last = readUsage(getObject(info?.last_token_usage));
    const target = state.messages.findLast((m) => m.role === "assistant");
    if (last && target && !target.tokens) target.tokens = last;
    const total = getObject(info?.total_token_usage);
    if (total) state.lastTokens = total;
    return;
  }
  if (kind === "error" || kind === "stream_error") {
    state.messages.push({
      role: "assistant",
      text: "",
      error: getText(payload.message) ?? kind,
      createdAt: at.timestamp,
      metadata: { line: at.line, event: kind },
    });
    state.isOpenAssistant = false;
    return;
  }
  if (kind === "turn_aborted") {
    state.isAborted = true;
    return;
  }
  if (kind === "task_started" || kind === "task_complete") state.isAborted = false;
  // user_message, agent_message, agent_reasoning…: the UI's copy of the response items.
  skip(`event_msg:${kind}`);
}

function mapResponseItem(
  state: State,
  item: Record<string, unknown>,
  at: At,
  skip: (type: string) => void,
): void {
  const kind = getText(item.type) ?? "untyped";
  const base = { createdAt: at.timestamp, metadata: { line: at.line } as Record<string, unknown> };
  if (kind === "message") {
    const role = getText(item.role);
    if (!role) throw new Error('a message without "role"');
    const { text, parts } = readContent(item.content);
    const mapped: NormalizedMessage = {
      ...base,
      role:
        role === "assistant" ? "assistant" : role === "developer" || role === "system" ? "system" : "user",
      text,
      ...(parts.length > 0 ? { parts } : {}),
    };
    if (role === "developer") mapped.metadata = { ...mapped.metadata, sourceRole: "developer" };
    if (mapped.role === "user" && /^\s*<(environment_context|user_instructions)>/.test(text)) {
      mapped.metadata = { ...mapped.metadata, context: true };
    }
    if (mapped.role === "assistant") {
      takeReasoning(state, mapped);
      mapped.model = state.model;
      if (getText(item.phase)) mapped.metadata = { ...mapped.metadata, phase: item.phase };
    }
    state.messages.push(mapped);
    state.isOpenAssistant = mapped.role === "assistant";
    return;
  }
  if (kind === "reasoning") {
    const summary = readTexts(item.summary);
    const content = readTexts(item.content);
    const text = joinText([...summary, ...content]);
    if (text) state.reasoning.push(text);
    if (getText(item.encrypted_content)) state.encryptedReasoning += 1;
    return;
  }
  if (
    kind === "function_call" ||
    kind === "custom_tool_call" ||
    kind === "local_shell_call" ||
    kind === "web_search_call"
  ) {
    const call: ToolCall = {
      id: getText(item.call_id) ?? getText(item.id) ?? `codex-line-${at.line}`,
      name:
        getText(item.name) ??
        (kind === "local_shell_call" ? "local_shell" : kind === "web_search_call" ? "web_search" : "tool"),
      arguments:
        kind === "function_call"
          ? parseToolArguments(item.arguments)
          : kind === "custom_tool_call"
            ? { input: item.input }
            : (item.action ?? {}),
    };
    const previous = state.messages.at(-1);
    if (state.isOpenAssistant && previous?.role === "assistant" && state.reasoning.length === 0) {
      previous.toolCalls = [...(previous.toolCalls ?? []), call];
      return;
    }
    const message: NormalizedMessage = {
      ...base,
      role: "assistant",
      text: "",
      toolCalls: [call],
      model: state.model,
    };
    if (kind !== "function_call") message.metadata = { ...message.metadata, callType: kind };
    takeReasoning(state, message);
    state.messages.push(message);
    state.isOpenAssistant = true;
    return;
  }
  if (kind === "function_call_output" || kind === "custom_tool_call_output") {
    const callId = getText(item.call_id);
    const call = state.messages.flatMap((m) => m.toolCalls ?? []).find((c) => c.id === callId);
    const output = readOutput(item.output);
    state.messages.push({
      ...base,
      role: "tool",
      text: output.text,
      toolCallId: callId ?? null,
      toolName: call?.name ?? null,
      ...(output.isError ? { error: `exit code ${output.exitCode}` } : {}),
      metadata: { ...base.metadata, ...(output.exitCode !== undefined ? { exitCode: output.exitCode } : {}) },
    });
    state.isOpenAssistant = false;
    return;
  }
  skip(`response_item:${kind}`);
}

function takeReasoning(state: State, message: NormalizedMessage): void {
  if (state.reasoning.length === 0) return;
  message.reasoning = joinText(state.reasoning);
  state.reasoning = [];
}

function pushBroken(state: State, line: number, reason: string): void {
  state.messages.push({
    role: "system",
    text: "",
    error: `line ${line} could not be read: ${reason}`,
    metadata: { line, unreadable: true },
  });
  state.isOpenAssistant = false;
}

/** `input_text` / `output_text` items as text; `input_image` as an image part. */
function readContent(content: unknown): { text: string; parts: MessagePart[] } {
  if (typeof content === "string") return { text: content, parts: [] };
  const texts: string[] = [];
  const parts: MessagePart[] = [];
  for (const item of Array.isArray(content) ? content : []) {
    if (!isObject(item)) continue;
    const text = getText(item.text);
    if (text !== undefined) texts.push(text);
    else if (item.type === "input_image" && typeof item.image_url === "string") {
      parts.push(buildImagePart(item.image_url));
    }
  }
  return { text: joinText(texts), parts };
}

function readTexts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => (isObject(item) && typeof item.text === "string" ? [item.text] : []));
}

/**
 * A call's output: a string (for shell calls often JSON `{output, metadata: {exit_code}}`), or
 * content items, or `{content, success}`.
 */
function readOutput(value: unknown): { text: string; exitCode?: number; isError: boolean } {
  let output: unknown = value;
  if (typeof value === "string" && value.startsWith("{")) {
    try {
      output = JSON.parse(value);
    } catch {
      output = value;
    }
  }
  if (typeof output === "string") return { text: output, isError: false };
  if (Array.isArray(output)) return { text: joinText(readTexts(output)), isError: false };
  if (isObject(output)) {
    const exitCode = getNumber(getObject(output.metadata)?.exit_code);
    const text =
      getText(output.output) ??
      getText(output.content) ??
      (Array.isArray(output.content) ? joinText(readTexts(output.content)) : JSON.stringify(output));
    return {
      text,
      exitCode,
      isError: (exitCode !== undefined && exitCode !== 0) || output.success === false,
    };
  }
  return { text: value == null ? "" : String(value), isError: false };
}

function readUsage(usage: Record<string, unknown> | undefined): TokenCounts | null {
  if (!usage) return null;
  const input = getNumber(usage.input_tokens);
  const output = getNumber(usage.output_tokens);
  if (input === undefined && output === undefined) return null;
  const tokens: TokenCounts = {};
  if (input !== undefined) tokens.input = input;
  if (output !== undefined) tokens.output = output;
  tokens.total = getNumber(usage.total_tokens) ?? (input ?? 0) + (output ?? 0);
  return tokens;
}
