import { getArray, getNumber, getObject, getText, isObject } from "@/lib/imports/read/json-value";
import type { TokenCounts } from "@/lib/imports/types";
import type { TraceBundle, TraceScore } from "./langfuse-trace";
import type { TraceObservation } from "./langfuse-transcript";

// OTLP/JSON (`resourceSpans`) with OpenTelemetry GenAI attributes → trace bundles. Inference spans
// become model calls (input/output from `gen_ai.input.messages`/`gen_ai.output.messages`, the
// Langfuse `langfuse.observation.*` attributes, flattened `gen_ai.prompt.N.*`, or OpenInference
// `input.value`); `execute_tool` spans become tool runs; `gen_ai.evaluation.result` events scores.

type Attributes = Record<string, unknown>;
type Span = { traceId: string; attributes: Attributes; raw: Record<string, unknown> };

const INFERENCE_OPERATIONS = new Set(["chat", "text_completion", "generate_content", "generation"]);

/** Decodes an OTLP AnyValue (int64 values arrive as decimal strings). */
function readAnyValue(value: unknown): unknown {
  const object = getObject(value);
  if (!object) return value;
  if ("stringValue" in object) return object.stringValue;
  if ("intValue" in object) return getNumber(object.intValue) ?? object.intValue;
  if ("doubleValue" in object) return getNumber(object.doubleValue) ?? object.doubleValue;
  if ("boolValue" in object) return object.boolValue;
  if ("arrayValue" in object) return getArray(getObject(object.arrayValue)?.values).map(readAnyValue);
  if ("kvlistValue" in object) return readAttributes(getObject(object.kvlistValue)?.values);
  if ("bytesValue" in object) return object.bytesValue;
  return null;
}

export function readAttributes(list: unknown): Attributes {
  const attributes: Attributes = {};
  for (const entry of getArray(list)) {
    if (isObject(entry) && typeof entry.key === "string") attributes[entry.key] = readAnyValue(entry.value);
  }
  return attributes;
}

/** Nanoseconds since the epoch (a decimal string) → ISO 8601. */
function readNanos(value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value);
  if (!/^\d+$/.test(text) || text === "0") return null;
  return new Date(Number(BigInt(text) / 1_000_000n)).toISOString();
}

/** Every trace of an OTLP/JSON export request, with its spans as observations. */
export function readOtlpTraces(value: Record<string, unknown>): TraceBundle[] {
  const spans: Span[] = [];
  for (const resource of getArray(value.resourceSpans).filter(isObject)) {
    const scopes = getArray(resource.scopeSpans ?? resource.instrumentationLibrarySpans).filter(isObject);
    for (const scope of scopes) {
      for (const span of getArray(scope.spans).filter(isObject)) {
        spans.push({
          traceId: getText(span.traceId) ?? "",
          attributes: readAttributes(span.attributes),
          raw: span,
        });
      }
    }
  }
  const byTrace = new Map<string, Span[]>();
  for (const span of spans) {
    const list = byTrace.get(span.traceId);
    if (list) list.push(span);
    else byTrace.set(span.traceId, [span]);
  }
  return [...byTrace.entries()].map(([traceId, traceSpans]) => buildBundle(traceId, traceSpans));
}

function buildBundle(traceId: string, spans: Span[]): TraceBundle {
  const root = spans.find((span) => !getText(span.raw.parentSpanId)) ?? spans[0];
  const scores: TraceScore[] = [];
  for (const span of spans) {
    for (const event of getArray(span.raw.events).filter(isObject)) {
      if (event.name !== "gen_ai.evaluation.result") continue;
      const attributes = readAttributes(event.attributes);
      scores.push({
        name: getText(attributes["gen_ai.evaluation.name"]) ?? "evaluation",
        value: getNumber(attributes["gen_ai.evaluation.score.value"]) ?? null,
        dataType: null,
        comment: getText(attributes["gen_ai.evaluation.explanation"]) ?? null,
      });
    }
  }
  return {
    trace: {
      id: traceId || null,
      name: getText(root.raw.name) ?? null,
      timestamp: readNanos(root.raw.startTimeUnixNano),
      metadata: { attributes: root.attributes },
    },
    observations: spans.map(toObservation),
    scores,
    original: { traceId, spans: spans.map((span) => span.raw) },
  };
}

function toObservation(span: Span, index: number): TraceObservation {
  const attributes = span.attributes;
  const operation = getText(attributes["gen_ai.operation.name"]) ?? "";
  const langfuseType = getText(attributes["langfuse.observation.type"])?.toUpperCase();
  const status = getObject(span.raw.status);
  const isError = status?.code === 2 || status?.code === "STATUS_CODE_ERROR";
  const base = {
    id: getText(span.raw.spanId) ?? `span-${index}`,
    name: getText(span.raw.name) ?? null,
    startTime: readNanos(span.raw.startTimeUnixNano),
    endTime: readNanos(span.raw.endTimeUnixNano),
    model:
      getText(attributes["gen_ai.response.model"]) ?? getText(attributes["gen_ai.request.model"]) ?? null,
    tokens: readTokens(attributes),
    error: isError
      ? (getText(status?.message) ?? getText(attributes["error.type"]) ?? "span ended with an error")
      : null,
  };
  if (operation === "execute_tool" || langfuseType === "TOOL") {
    return {
      ...base,
      type: "TOOL",
      name: getText(attributes["gen_ai.tool.name"]) ?? base.name,
      input:
        attributes["gen_ai.tool.call.arguments"] ??
        attributes["langfuse.observation.input"] ??
        attributes["input.value"],
      output:
        attributes["gen_ai.tool.call.result"] ??
        attributes["langfuse.observation.output"] ??
        attributes["output.value"],
      toolCallId: getText(attributes["gen_ai.tool.call.id"]) ?? null,
    };
  }
  const input = readInferenceInput(attributes, span.raw);
  const output =
    attributes["langfuse.observation.output"] ??
    attributes["gen_ai.output.messages"] ??
    readFlattened(attributes, "gen_ai.completion", "assistant") ??
    attributes["output.value"];
  const isInference =
    INFERENCE_OPERATIONS.has(operation) ||
    langfuseType === "GENERATION" ||
    input !== undefined ||
    output !== undefined;
  return { ...base, type: isInference ? "GENERATION" : "SPAN", input, output, toolCallId: null };
}

function readInferenceInput(attributes: Attributes, span: Record<string, unknown>): unknown {
  const explicit = attributes["langfuse.observation.input"];
  if (explicit !== undefined) return explicit;
  const messages = attributes["gen_ai.input.messages"];
  if (messages !== undefined) {
    const system = attributes["gen_ai.system_instructions"];
    if (system === undefined) return messages;
    const parse = (value: unknown) => (typeof value === "string" ? safeParse(value) : value);
    const parts = parse(system);
    const list = parse(messages);
    return Array.isArray(list)
      ? [
          {
            role: "system",
            parts: Array.isArray(parts) ? parts : [{ type: "text", content: String(system) }],
          },
          ...list,
        ]
      : messages;
  }
  const flattened = readFlattened(attributes, "gen_ai.prompt", "user");
  if (flattened) return flattened;
  const events = getArray(span.events).filter(isObject).flatMap(readMessageEvent);
  if (events.length > 0) return events;
  return attributes["input.value"];
}

/** Older per-message events (`gen_ai.user.message`, …) with OpenAI-like bodies. */
function readMessageEvent(event: Record<string, unknown>): Record<string, unknown>[] {
  const match = /^gen_ai\.(system|user|assistant|tool)\.message$/.exec(getText(event.name) ?? "");
  if (!match) return [];
  const attributes = readAttributes(event.attributes);
  const body = getObject(readAnyValue(event.body)) ?? {};
  return [
    {
      role: match[1],
      content: body.content ?? attributes.content,
      tool_calls: body.tool_calls,
      tool_call_id: body.id ?? attributes.id,
    },
  ];
}

/** OpenLLMetry `gen_ai.prompt.N.role/content` (and `tool_calls.M.*`) → OpenAI-like messages. */
function readFlattened(
  attributes: Attributes,
  prefix: string,
  defaultRole: string,
): Record<string, unknown>[] | undefined {
  const messages = new Map<number, Record<string, unknown>>();
  const pattern = new RegExp(`^${prefix.replace(".", "\\.")}\\.(\\d+)\\.(.+)$`);
  for (const [key, value] of Object.entries(attributes)) {
    const match = pattern.exec(key);
    if (!match) continue;
    const message = messages.get(Number(match[1])) ?? { role: defaultRole };
    const field = match[2];
    const call = /^tool_calls\.(\d+)\.(id|name|arguments)$/.exec(field);
    if (call) {
      const calls = [...getArray(message.tool_calls)];
      const slot = Number(call[1]);
      calls[slot] = { ...getObject(calls[slot]), [call[2]]: value };
      message.tool_calls = calls;
    } else message[field] = value;
    messages.set(Number(match[1]), message);
  }
  if (messages.size === 0) return undefined;
  return [...messages.entries()].sort(([a], [b]) => a - b).map(([, message]) => message);
}

function readTokens(attributes: Attributes): TokenCounts | null {
  const input = getNumber(
    attributes["gen_ai.usage.input_tokens"] ?? attributes["gen_ai.usage.prompt_tokens"],
  );
  const output = getNumber(
    attributes["gen_ai.usage.output_tokens"] ?? attributes["gen_ai.usage.completion_tokens"],
  );
  const reasoning = getNumber(attributes["gen_ai.usage.reasoning.output_tokens"]);
  if (input === undefined && output === undefined) return null;
  const tokens: TokenCounts = { total: (input ?? 0) + (output ?? 0) };
  if (input !== undefined) tokens.input = input;
  if (output !== undefined) tokens.output = output;
  if (reasoning !== undefined) tokens.reasoning = reasoning;
  return tokens;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
