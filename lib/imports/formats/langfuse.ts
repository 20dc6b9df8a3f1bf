import { getArray, getObject, getText, isObject } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { readJsonRecords } from "@/lib/imports/read/read-json-records";
import { hasJsonKey, readSampleKeys, viewHead } from "@/lib/imports/read/sniff";
import type {
  FormatImporter,
  FormatSample,
  ImportLimits,
  ImportSource,
  NormalizedRollout,
  ParsedRecord,
} from "@/lib/imports/types";
import { mapTraceBundle, readObservation, readScores, type TraceBundle } from "./langfuse-trace";
import { readOtlpTraces } from "./otel-spans";
import { mapOne } from "./shared/map-records";

// Langfuse trace exports and OTel GenAI spans. Accepted shapes, as JSON, JSON arrays or JSONL:
// `{trace, observations, scores?}`; an API trace with inline `observations`/`scores`; an API list
// `{data: [trace…]}`; OTLP/JSON `{resourceSpans}`; and flat export rows (observations with
// `trace_id`/`traceId`, plus optional trace and score rows), grouped by trace at the end of the file.

const OBSERVATION_TYPES = new Set([
  "GENERATION",
  "SPAN",
  "EVENT",
  "AGENT",
  "TOOL",
  "CHAIN",
  "RETRIEVER",
  "EVALUATOR",
  "EMBEDDING",
  "GUARDRAIL",
]);

export const langfuseImporter: FormatImporter = {
  format: "langfuse",
  label: "Langfuse trace export / OpenTelemetry GenAI (OTLP JSON)",
  detect: detectLangfuse,
  parse: parseLangfuse,
};

function detectLangfuse(sample: FormatSample): number {
  const view = viewHead(sample.head);
  const first = view.records[0];
  if (isObject(first)) {
    if (Array.isArray(first.resourceSpans)) return 90;
    if (isObject(first.trace) && Array.isArray(first.observations)) return 95;
    if (Array.isArray(first.observations) && typeof first.id === "string") return 85;
    if (
      Array.isArray(first.data) &&
      first.data.some((trace) => isObject(trace) && Array.isArray(trace.observations))
    )
      return 80;
    return isObservationRow(first) ? 80 : 0;
  }
  if (first !== undefined) return 0;
  // A record longer than the head: its top-level keys so far.
  const keys = readSampleKeys(sample, view);
  if (keys.includes("resourceSpans")) return 85;
  if (keys.includes("observations") || (keys.includes("trace") && hasJsonKey(view.text, "observations")))
    return 80;
  const rowType = /"type"\s*:\s*"(GENERATION|SPAN|EVENT|AGENT|TOOL)"/.test(view.text);
  return rowType && (keys.includes("trace_id") || keys.includes("traceId")) ? 70 : 0;
}

function isObservationRow(value: Record<string, unknown>): boolean {
  const traceId = getText(value.trace_id) ?? getText(value.traceId);
  return (
    Boolean(traceId) &&
    OBSERVATION_TYPES.has(String(value.type).toUpperCase()) &&
    !Array.isArray(value.observations)
  );
}

type Group = {
  record: number;
  line?: number;
  trace: Record<string, unknown> | null;
  rows: Record<string, unknown>[];
  scores: unknown[];
};

async function* parseLangfuse(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const groups = new Map<string, Group>();
  for await (const item of readJsonRecords(source.path, { name: source.name, limits })) {
    if (item.kind === "error") {
      yield { kind: "error", file: source.name, record: item.record, line: item.line, message: item.message };
      continue;
    }
    const value = item.value;
    const at = { record: item.record, line: item.line };
    if (isObject(value) && (isObservationRow(value) || isScoreRow(value) || isTraceRow(value))) {
      collectRow(groups, value, at);
      continue;
    }
    yield* mapOne({ file: source.name, at, value, map: mapLangfuseRecord });
  }
  for (const [traceId, group] of groups) {
    const value = { trace: group.trace ?? { id: traceId }, observations: group.rows, scores: group.scores };
    yield* mapOne({
      file: source.name,
      at: { record: group.record, line: group.line },
      value,
      map: mapLangfuseRecord,
    });
  }
}

function isScoreRow(value: Record<string, unknown>): boolean {
  return (
    Boolean(getText(value.trace_id) ?? getText(value.traceId)) &&
    "value" in value &&
    "name" in value &&
    !("type" in value)
  );
}

/** A legacy export trace row: an id and trace fields, no observations and no observation type. */
function isTraceRow(value: Record<string, unknown>): boolean {
  return (
    typeof value.id === "string" &&
    !("type" in value) &&
    !("observations" in value) &&
    ("timestamp" in value || "trace_name" in value) &&
    !("messages" in value)
  );
}

function collectRow(
  groups: Map<string, Group>,
  row: Record<string, unknown>,
  at: { record: number; line?: number },
): void {
  const traceId = isTraceRow(row) ? String(row.id) : (getText(row.trace_id) ?? getText(row.traceId) ?? "");
  const group = groups.get(traceId) ?? {
    record: at.record,
    line: at.line,
    trace: null,
    rows: [],
    scores: [],
  };
  if (isTraceRow(row)) group.trace = row;
  else if (isScoreRow(row)) group.scores.push(row);
  else group.rows.push(row);
  groups.set(traceId, group);
}

/** Maps one record: a trace with observations, an API list of traces, or an OTLP request. */
export function mapLangfuseRecord(value: unknown): NormalizedRollout[] {
  if (!isObject(value)) throw new ImportRecordError("record is not a JSON object");
  if (Array.isArray(value.resourceSpans)) return readOtlpTraces(value).map(mapTraceBundle);
  if (Array.isArray(value.data)) return value.data.flatMap((trace) => mapLangfuseRecord(trace));
  const trace = getObject(value.trace) ?? value;
  if (!Array.isArray(value.observations) && !Array.isArray(trace.observations) && !("input" in trace)) {
    throw new ImportRecordError('record has no "observations" (and no trace input/output)');
  }
  const rawObservations =
    trace !== value && Array.isArray(value.observations) && Array.isArray(trace.observations)
      ? mergeObservations(value.observations, trace.observations)
      : getArray(value.observations ?? trace.observations);
  const bundle: TraceBundle = {
    trace,
    observations: rawObservations.map(readObservation),
    scores: readScores([...getArray(value.scores), ...(trace === value ? [] : getArray(trace.scores))]),
    original: value,
  };
  return [mapTraceBundle(bundle)];
}

/**
 * Exports that list the observations twice (at the top level, and again under `trace.observations`
 * with their input and output null) describe one set: merged by id, a field null in one copy is
 * taken from the other, so neither copy's content is lost.
 */
function mergeObservations(primary: unknown[], secondary: unknown[]): unknown[] {
  const byId = new Map<string, Record<string, unknown>>();
  for (const raw of secondary) if (isObject(raw) && typeof raw.id === "string") byId.set(raw.id, raw);
  const seen = new Set<string>();
  const merged = primary.map((raw) => {
    if (!isObject(raw) || typeof raw.id !== "string") return raw;
    seen.add(raw.id);
    const other = byId.get(raw.id);
    if (!other) return raw;
    const out: Record<string, unknown> = { ...other };
    for (const [key, child] of Object.entries(raw))
      if (child !== null && child !== undefined) out[key] = child;
    return out;
  });
  for (const raw of secondary)
    if (isObject(raw) && typeof raw.id === "string" && !seen.has(raw.id)) merged.push(raw);
  return merged;
}
