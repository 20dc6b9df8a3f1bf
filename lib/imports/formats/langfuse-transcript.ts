import { isObject } from "@/lib/imports/read/json-value";
import type { NormalizedMessage, TokenCounts, ToolCall } from "@/lib/imports/types";
import { decodeIo, readInstructions, readIoMessages, signMessage } from "./langfuse-messages";
import { stringifyContent } from "./shared/message-text";

// One transcript from a trace's observations. Each model call (GENERATION) repeats the history it
// was sent, so a call's input only adds the messages past the longest prefix already in the
// transcript; its output is appended. Tool observations fill in results no call input repeated.

export type TraceObservation = {
  id: string;
  type: string;
  name: string | null;
  startTime: string | null;
  endTime: string | null;
  input: unknown;
  output: unknown;
  model: string | null;
  tokens: TokenCounts | null;
  /** The call id a tool observation answers, when its source records one. */
  toolCallId: string | null;
  error: string | null;
};

const MODEL_CALL_TYPES = new Set(["GENERATION", "LLM", "CHAT"]);
const TOOL_TYPES = new Set(["TOOL"]);

export function buildTraceTranscript(args: {
  observations: TraceObservation[];
  traceInput: unknown;
  traceOutput: unknown;
}): NormalizedMessage[] {
  const ordered = [...args.observations].sort(compareByStart);
  const transcript: NormalizedMessage[] = [];
  let instructions: string | null = null;
  for (const observation of ordered) {
    if (!MODEL_CALL_TYPES.has(observation.type)) continue;
    instructions ??= readInstructions(observation.output) ?? readInstructions(observation.input);
    mergeHistory(transcript, readIoMessages(observation.input, "input"));
    const output = readIoMessages(observation.output, "output").map((message) =>
      decorate(message, observation),
    );
    if (observation.error && output.length === 0) {
      output.push({ role: "assistant", text: "", error: observation.error, model: observation.model });
    }
    for (const message of output) {
      if (
        transcript.length === 0 ||
        signMessage(transcript.at(-1) as NormalizedMessage) !== signMessage(message)
      ) {
        transcript.push(message);
      }
    }
  }
  if (transcript.length === 0) {
    transcript.push(
      ...readIoMessages(args.traceInput, "input"),
      ...readIoMessages(args.traceOutput, "output"),
    );
  }
  const traceStart = readIoMessages(args.traceInput, "input");
  const system = traceStart.find((message) => message.role === "system")?.text ?? instructions;
  if (system && !transcript.some((message) => message.role === "system")) {
    transcript.unshift({ role: "system", text: system });
  }
  addToolObservations(
    transcript,
    ordered.filter((observation) => TOOL_TYPES.has(observation.type)),
  );
  addFinalAnswer(transcript, args.traceOutput, ordered);
  return transcript;
}

/** Keys under which agent frameworks put the final answer in a trace's or span's output. */
const ANSWER_KEYS = [
  "answer",
  "final_answer",
  "finalAnswer",
  "output",
  "result",
  "response",
  "text",
  "content",
];

/** The answer text of an output: a string, or a string under an answer key (two levels deep). */
function readAnswerText(value: unknown, depth = 0): string | null {
  const decoded = decodeIo(value);
  if (typeof decoded === "string") return decoded.trim() === "" ? null : decoded;
  if (!isObject(decoded) || depth > 2) return null;
  for (const key of ANSWER_KEYS) {
    const text = readAnswerText(decoded[key], depth + 1);
    if (text) return text;
  }
  return null;
}

/**
 * Agent frameworks (BeeAI, LangGraph) often return the final answer in the trace's output, or the
 * last agent span's, without a model call that says it. Scores grade that answer, so the
 * transcript ends with it (marked with where it came from) unless a message already says it.
 */
function addFinalAnswer(
  transcript: NormalizedMessage[],
  traceOutput: unknown,
  observations: TraceObservation[],
): void {
  const spans = observations.filter((o) => !MODEL_CALL_TYPES.has(o.type) && !TOOL_TYPES.has(o.type));
  const lastSpan = [...spans].sort((a, b) => (a.endTime ?? "").localeCompare(b.endTime ?? "")).at(-1);
  const fromTrace = readAnswerText(traceOutput);
  const answer = fromTrace ?? (lastSpan ? readAnswerText(lastSpan.output) : null);
  if (!answer) return;
  const said = transcript.some((m) => m.role === "assistant" && m.text.includes(answer.trim()));
  if (said) return;
  transcript.push({
    role: "assistant",
    text: answer,
    metadata: fromTrace ? { source: "trace.output" } : { source: "span.output", observationId: lastSpan?.id },
  });
}

/** Appends the part of `input` past its longest common prefix with the transcript. */
function mergeHistory(transcript: NormalizedMessage[], input: NormalizedMessage[]): void {
  if (input.length === 0) return;
  if (transcript.length === 0) {
    transcript.push(...input);
    return;
  }
  let rest = input;
  // A system prompt may be sent on one call and missing from the transcript (or the reverse).
  if (rest[0].role === "system" && transcript[0].role !== "system") {
    transcript.unshift(rest[0]);
    rest = rest.slice(1);
  }
  const offset = transcript[0].role === "system" && rest[0]?.role !== "system" ? 1 : 0;
  let length = 0;
  while (
    offset + length < transcript.length &&
    length < rest.length &&
    signMessage(transcript[offset + length]) === signMessage(rest[length])
  ) {
    length += 1;
  }
  if (length > 0) {
    transcript.push(...rest.slice(length));
    return;
  }
  // Unrelated input (a sub-agent, a judge call): keep only messages not seen anywhere yet.
  const seen = new Set(transcript.map(signMessage));
  for (const message of rest) if (!seen.has(signMessage(message))) transcript.push(message);
}

function decorate(message: NormalizedMessage, observation: TraceObservation): NormalizedMessage {
  const decorated: NormalizedMessage = { ...message, model: message.model ?? observation.model };
  if (observation.tokens) decorated.tokens = observation.tokens;
  if (observation.startTime) decorated.createdAt = observation.startTime;
  if (observation.error) decorated.error = observation.error;
  decorated.metadata = { ...message.metadata, observationId: observation.id };
  return decorated;
}

/** Inserts results of tool observations whose call has no result yet, right after the calling message. */
function addToolObservations(transcript: NormalizedMessage[], tools: TraceObservation[]): void {
  const answered = new Set(
    transcript.flatMap((message) =>
      message.role === "tool" && message.toolCallId ? [message.toolCallId] : [],
    ),
  );
  for (const tool of tools) {
    const match = findCall(transcript, tool, answered);
    if (match === "answered") continue;
    const result: NormalizedMessage = {
      role: "tool",
      text: readToolText(decodeIo(tool.output)),
      toolCallId: match?.call.id ?? tool.toolCallId,
      toolName: tool.name,
      createdAt: tool.startTime,
      metadata: { observationId: tool.id },
    };
    if (tool.error) result.error = tool.error;
    if (!match) {
      // A tool run no model call asked for (or we cannot tell which): keep it at the end.
      transcript.push(result);
      continue;
    }
    answered.add(match.call.id);
    let at = match.index + 1;
    while (at < transcript.length && transcript[at].role === "tool") at += 1;
    transcript.splice(at, 0, result);
  }
}

type CallMatch = { call: ToolCall; index: number };

/**
 * The call a tool observation answers: by recorded id, else same name and arguments, else the first
 * unanswered call of that name. "answered" when the matching call already has its result.
 */
function findCall(
  transcript: NormalizedMessage[],
  tool: TraceObservation,
  answered: Set<string>,
): CallMatch | "answered" | null {
  const candidates = transcript.flatMap((message, index) =>
    (message.toolCalls ?? []).map((call) => ({ call, index })),
  );
  const settle = (match: CallMatch | undefined) =>
    match ? (answered.has(match.call.id) ? "answered" : match) : null;
  if (tool.toolCallId) return settle(candidates.find(({ call }) => call.id === tool.toolCallId));
  // OTel GenAI and OpenInference name tool spans `execute_tool <tool>`.
  const toolName = tool.name?.replace(/^execute_tool\s+/, "") ?? null;
  const named = candidates.filter(({ call }) => call.name === tool.name || call.name === toolName);
  const input = decodeIo(tool.input);
  const argumentSets = [input, ...(isObject(input) ? [input.input, input.arguments, input.args] : [])].map(
    canonical,
  );
  const sameArguments = named.filter(({ call }) => argumentSets.includes(canonical(call.arguments)));
  const open =
    sameArguments.find(({ call }) => !answered.has(call.id)) ??
    named.find(({ call }) => !answered.has(call.id));
  if (open) return open;
  return named.length > 0 ? "answered" : null;
}

function readToolText(output: unknown): string {
  if (isObject(output) && Array.isArray(output.content)) {
    const texts = output.content.map((block) =>
      isObject(block) && typeof block.text === "string" ? block.text : stringifyContent(block),
    );
    return texts.join("\n\n");
  }
  return stringifyContent(output);
}

/** JSON with sorted keys, for comparing arguments regardless of key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

function compareByStart(a: TraceObservation, b: TraceObservation): number {
  return (a.startTime ?? "").localeCompare(b.startTime ?? "");
}
