import { getObject, getText, isObject } from "@/lib/imports/read/json-value";
import { ImportRecordError, parseJson } from "@/lib/imports/read/parse-json";
import { readLines } from "@/lib/imports/read/read-lines";
import { viewHead } from "@/lib/imports/read/sniff";
import type {
  FormatImporter,
  FormatSample,
  ImportLimits,
  ImportSource,
  NormalizedMessage,
  ParsedRecord,
  RolloutStatus,
  ToolCall,
} from "@/lib/imports/types";
import { joinText } from "./shared/message-text";
import { buildRollout } from "./shared/rollout";

// Agent Client Protocol traces: the JSON-RPC 2.0 messages between a client (an editor) and an agent,
// one per line, as recorded by a client or a proxy (bare, or wrapped in a frame whose `message`,
// `payload`, `data` or `frame` field holds the JSON-RPC object). From agentclientprotocol's schema:
// `session/prompt` requests carry the user's turn (content blocks), `session/update` notifications
// stream the agent's side (`agent_message_chunk`, `agent_thought_chunk`, `user_message_chunk` on
// replay, `tool_call` and `tool_call_update` with kind, title, status, content blocks, diffs and
// terminals, `plan`), and the prompt's response ends the turn with a `stopReason`. One rollout per
// session id. See docs/formats/acp.md.

export const acpImporter: FormatImporter = {
  format: "acp",
  label: "Agent Client Protocol trace (JSON-RPC session/update)",
  detect: detectAcp,
  parse: parseAcp,
};

const WRAPPER_KEYS = ["message", "payload", "data", "frame", "msg", "body"];

/** The JSON-RPC message of a line: the line itself, or the one a recorder wrapped it in. */
function unwrap(value: unknown): Record<string, unknown> | null {
  if (!isObject(value)) return null;
  if (value.jsonrpc === "2.0" || typeof value.method === "string" || "result" in value) return value;
  for (const key of WRAPPER_KEYS) {
    const inner = value[key];
    if (isObject(inner) && (inner.jsonrpc === "2.0" || typeof inner.method === "string")) return inner;
  }
  return null;
}

export function detectAcp(sample: FormatSample): number {
  const view = viewHead(sample.head);
  if (view.opening !== "{") return 0;
  const messages = view.records.map(unwrap);
  if (messages.length === 0) return /"method"\s*:\s*"session\/(update|prompt)"/.test(view.text) ? 70 : 0;
  if (messages.some((message) => message === null)) return 0;
  const isAcp = messages.some(
    (message) =>
      typeof message?.method === "string" &&
      (message.method.startsWith("session/") || message.method === "initialize"),
  );
  return isAcp && /"(sessionUpdate|session\/prompt|session\/new)"/.test(view.text) ? 90 : 0;
}

type CallState = { call: ToolCall; result: NormalizedMessage; kind?: string; status?: string };

type Session = {
  id: string;
  messages: NormalizedMessage[];
  calls: Map<string, CallState>;
  stopReasons: string[];
  plan: unknown;
  model: string | null;
  firstLine: number;
};

async function* parseAcp(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const file = source.name;
  const sessions = new Map<string, Session>();
  const requests = new Map<string, { method: string; sessionId: string | null }>();
  const skipped: Record<string, number> = {};
  const lines: unknown[] = [];
  const skip = (type: string) => {
    skipped[type] = (skipped[type] ?? 0) + 1;
  };
  const sessionOf = (id: string, line: number): Session => {
    let session = sessions.get(id);
    if (!session) {
      session = {
        id,
        messages: [],
        calls: new Map(),
        stopReasons: [],
        plan: null,
        model: null,
        firstLine: line,
      };
      sessions.set(id, session);
    }
    return session;
  };
  let lastSession: Session | null = null;
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
      yield { kind: "error", file, line: item.line, message: `trace line skipped: ${error.message}` };
      lastSession?.messages.push({
        role: "system",
        text: "",
        error: `line ${item.line} could not be read: ${error.message}`,
        metadata: { line: item.line, unreadable: true },
      });
      continue;
    }
    lines.push(value);
    const message = unwrap(value);
    if (!message) {
      skip("not JSON-RPC");
      continue;
    }
    const method = getText(message.method);
    const params = getObject(message.params);
    const requestId = message.id == null ? null : String(message.id);
    if (method) {
      const sessionId = getText(params?.sessionId) ?? null;
      if (requestId !== null) requests.set(requestId, { method, sessionId });
      if (method === "session/update" && sessionId) {
        lastSession = sessionOf(sessionId, item.line);
        applyUpdate(lastSession, getObject(params?.update), item.line, skip);
      } else if (method === "session/prompt" && sessionId) {
        lastSession = sessionOf(sessionId, item.line);
        const blocks = Array.isArray(params?.prompt) ? params.prompt : [];
        lastSession.messages.push({
          role: "user",
          text: readBlocks(blocks),
          metadata: { line: item.line, fromPrompt: true },
        });
      } else skip(method);
      continue;
    }
    // A response: what it answers decides what it means.
    const request = requestId === null ? undefined : requests.get(requestId);
    const result = getObject(message.result);
    if (request?.method === "session/new" || request?.method === "session/load") {
      const sessionId = getText(result?.sessionId) ?? request.sessionId;
      if (sessionId) {
        const session = sessionOf(sessionId, item.line);
        session.model = getText(getObject(result?.models)?.currentModelId) ?? session.model;
        lastSession = session;
      }
    } else if (request?.method === "session/prompt" && request.sessionId) {
      const session = sessionOf(request.sessionId, item.line);
      const stopReason = getText(result?.stopReason);
      if (stopReason) session.stopReasons.push(stopReason);
      const error = getObject(message.error);
      if (error) {
        session.messages.push({
          role: "assistant",
          text: "",
          error: getText(error.message) ?? "the prompt failed",
          metadata: { line: item.line, code: error.code },
        });
      }
    } else skip(request ? `response:${request.method}` : "response");
  }
  for (const [type, count] of Object.entries(skipped)) yield { kind: "skipped", file, type, count };
  if (sessions.size === 0) {
    yield {
      kind: "error",
      file,
      record: 1,
      message: "the trace holds no ACP session (no session/prompt or session/update)",
    };
    return;
  }
  let record = 0;
  for (const session of sessions.values()) {
    record += 1;
    const stop = session.stopReasons.at(-1) ?? null;
    const isOpen = [...session.calls.values()].some(
      (state) => state.status !== "completed" && state.status !== "failed",
    );
    const status: RolloutStatus =
      stop === "max_tokens" || stop === "max_turn_requests" || stop === "cancelled" || isOpen
        ? "truncated"
        : "completed";
    const rollout = buildRollout({
      externalId: session.id,
      model: session.model,
      harness: "acp",
      messages: session.messages,
      status,
      metadata: {
        stopReasons: session.stopReasons,
        ...(session.plan ? { plan: session.plan } : {}),
        skippedLines: skipped,
      },
      original: sessions.size === 1 ? lines : lines.filter((line) => lineSession(line) === session.id),
    });
    yield { kind: "rollout", file, record, line: session.firstLine, rollout };
  }
}

function lineSession(line: unknown): string | null {
  const message = unwrap(line);
  return (
    getText(getObject(message?.params)?.sessionId) ?? getText(getObject(message?.result)?.sessionId) ?? null
  );
}

function applyUpdate(
  session: Session,
  update: Record<string, unknown> | undefined,
  line: number,
  skip: (type: string) => void,
): void {
  const kind = getText(update?.sessionUpdate);
  if (!update || !kind) {
    skip("session/update without sessionUpdate");
    return;
  }
  const messages = session.messages;
  const last = messages.at(-1);
  if (kind === "agent_message_chunk" || kind === "agent_thought_chunk") {
    const text = readBlocks([update.content]);
    let target = last;
    if (target?.role !== "assistant" || (target.toolCalls?.length ?? 0) > 0) {
      target = { role: "assistant", text: "", metadata: { line } };
      messages.push(target);
    }
    if (kind === "agent_message_chunk") target.text += text;
    else target.reasoning = (target.reasoning ?? "") + text;
    return;
  }
  if (kind === "user_message_chunk") {
    const text = readBlocks([update.content]);
    if (last?.role === "user" && !last.metadata?.fromPrompt) last.text += text;
    else messages.push({ role: "user", text, metadata: { line } });
    return;
  }
  if (kind === "tool_call" || kind === "tool_call_update") {
    const id = getText(update.toolCallId);
    if (!id) {
      skip(`${kind} without toolCallId`);
      return;
    }
    let state = session.calls.get(id);
    if (!state) {
      const call: ToolCall = {
        id,
        name: getText(update.title) ?? getText(update.kind) ?? "tool",
        arguments: update.rawInput ?? {},
      };
      let owner = last;
      if (owner?.role !== "assistant") {
        owner = { role: "assistant", text: "", metadata: { line } };
        messages.push(owner);
      }
      owner.toolCalls = [...(owner.toolCalls ?? []), call];
      const result: NormalizedMessage = {
        role: "tool",
        text: "",
        toolCallId: id,
        toolName: call.name,
        metadata: { line },
      };
      messages.push(result);
      state = { call, result };
      session.calls.set(id, state);
    }
    applyCallFields(state, update);
    return;
  }
  if (kind === "plan") {
    session.plan = update.entries ?? null;
    return;
  }
  skip(`session/update:${kind}`);
}

function applyCallFields(state: CallState, update: Record<string, unknown>): void {
  const { call, result } = state;
  if (update.rawInput !== undefined && isObject(update.rawInput) && Object.keys(update.rawInput).length > 0) {
    call.arguments = update.rawInput;
  }
  const kind = getText(update.kind);
  if (kind) state.kind = kind;
  const status = getText(update.status);
  if (status) state.status = status;
  const metadata: Record<string, unknown> = { ...result.metadata };
  if (state.kind) metadata.kind = state.kind;
  if (state.status) metadata.status = state.status;
  if (getText(update.title)) metadata.title = update.title;
  if (Array.isArray(update.locations)) metadata.locations = update.locations;
  if (Array.isArray(update.content)) {
    // `content` replaces the call's content collection.
    const rendered = renderToolContent(update.content);
    result.text = rendered.text;
    if (rendered.diffs.length > 0) metadata.diffs = rendered.diffs;
  } else if (update.rawOutput !== undefined && result.text === "") {
    result.text = typeof update.rawOutput === "string" ? update.rawOutput : JSON.stringify(update.rawOutput);
  }
  if (update.rawOutput !== undefined) metadata.rawOutput = update.rawOutput;
  result.metadata = metadata;
  result.error = state.status === "failed" ? result.text || "the tool call failed" : null;
}

/** Tool call content: content blocks as text, diffs as unified-style text (kept whole in metadata), terminals by id. */
function renderToolContent(content: unknown[]): { text: string; diffs: Record<string, unknown>[] } {
  const texts: string[] = [];
  const diffs: Record<string, unknown>[] = [];
  for (const item of content) {
    if (!isObject(item)) continue;
    if (item.type === "content") texts.push(readBlocks([item.content]));
    else if (item.type === "diff") {
      const path = getText(item.path) ?? "file";
      diffs.push({ path, oldText: item.oldText ?? null, newText: item.newText ?? null });
      const before = typeof item.oldText === "string" ? item.oldText.split("\n").map((l) => `-${l}`) : [];
      const after = typeof item.newText === "string" ? item.newText.split("\n").map((l) => `+${l}`) : [];
      texts.push(
        [`--- ${item.oldText == null ? "/dev/null" : path}`, `+++ ${path}`, ...before, ...after].join("\n"),
      );
    } else if (item.type === "terminal") texts.push(`[terminal ${getText(item.terminalId) ?? ""}]`);
  }
  return { text: joinText(texts), diffs };
}

/** ACP content blocks (MCP's): text, resource links and embedded resources by their text or URI, images named. */
function readBlocks(blocks: unknown[]): string {
  const texts = blocks.map((block) => {
    if (!isObject(block)) return typeof block === "string" ? block : null;
    if (block.type === "text") return getText(block.text) ?? null;
    if (block.type === "resource_link")
      return `[${getText(block.name) ?? "resource"}](${getText(block.uri) ?? ""})`;
    if (block.type === "resource") {
      const resource = getObject(block.resource);
      return getText(resource?.text) ?? `[resource ${getText(resource?.uri) ?? ""}]`;
    }
    if (block.type === "image" || block.type === "audio") return `[${block.type}]`;
    return null;
  });
  return texts.filter((text): text is string => text !== null).join("");
}
