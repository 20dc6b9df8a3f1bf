import { getArray, isObject } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { readJsonRecords } from "@/lib/imports/read/read-json-records";
import { hasJsonKey, viewHead } from "@/lib/imports/read/sniff";
import type {
  FormatImporter,
  FormatSample,
  ImportLimits,
  ImportSource,
  ParsedRecord,
} from "@/lib/imports/types";
import { isOpenHandsEvent, mapEvaluationRow, mapEventStream } from "./openhands-rollout";
import { mapOne } from "./shared/map-records";

// OpenHands: a V0 trajectory (JSON array of action/observation events, or `{trajectory|events: [...]}`)
// or a V1 SDK event list (array or JSONL of `kind` events) is one rollout; an evaluation
// `output.jsonl` is one rollout per line (`instance_id`, `instruction`, `history`, `test_result`), as
// is the issue resolver's (`instance`/`issue`, `history`, `git_patch`, `success`, `result_explanation`).

export const openhandsImporter: FormatImporter = {
  format: "openhands",
  label: "OpenHands trajectory / evaluation output",
  detect: detectOpenHands,
  parse: parseOpenHands,
};

const V0_EVENT = /"(action|observation)"\s*:\s*"[a-z_]+"/;
const V0_SOURCE = /"source"\s*:\s*"(agent|user|environment)"/;
const V1_EVENT =
  /"kind"\s*:\s*"(SystemPromptEvent|MessageEvent|ActionEvent|ObservationEvent|AgentErrorEvent)"/;

export function detectOpenHands(sample: FormatSample): number {
  const view = viewHead(sample.head);
  if (view.opening !== "[" && view.opening !== "{") return 0;
  if (V1_EVENT.test(view.text)) return 90;
  const first = view.records[0];
  // The issue resolver's output.jsonl: the issue, the agent's history, its patch and verdict.
  const isResolverOutput =
    hasJsonKey(view.text, "history") &&
    ["git_patch", "result_explanation", "success_explanation", "base_commit"].some((key) =>
      hasJsonKey(view.text, key),
    );
  if (isResolverOutput) return isObject(first) && !Array.isArray(first.history) ? 0 : 90;
  if (hasJsonKey(view.text, "instance_id") && hasJsonKey(view.text, "history")) {
    if (isObject(first)) return Array.isArray(first.history) ? 90 : 0;
    return /"history"\s*:\s*\[/.test(view.text) && V0_SOURCE.test(view.text) ? 90 : 60;
  }
  const hasEvents = V0_EVENT.test(view.text) && V0_SOURCE.test(view.text);
  if (view.opening === "[" && hasEvents) return isOpenHandsEvent(first) || first === undefined ? 90 : 0;
  if (view.opening === "{" && hasEvents && /"(trajectory|events)"\s*:\s*\[/.test(view.text)) return 80;
  return 0;
}

async function* parseOpenHands(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const file = source.name;
  const events: unknown[] = [];
  let streamStart: { record: number; line: number } | null = null;
  for await (const item of readJsonRecords(source.path, { name: source.name, limits })) {
    if (item.kind === "error") {
      yield { kind: "error", file, record: item.record, line: item.line, message: item.message };
      continue;
    }
    const at = { record: item.record, line: item.line };
    const { value } = item;
    // Events of one stream (array elements, or JSONL lines) are gathered into a single rollout.
    if (isOpenHandsEvent(value)) {
      streamStart ??= at;
      events.push(value);
      continue;
    }
    // A whole event array on one line (a `.jsonl` name on an array file).
    if (Array.isArray(value) && value.length > 0 && value.every(isOpenHandsEvent)) {
      streamStart ??= at;
      events.push(...value);
      continue;
    }
    yield* mapOne({ file, at, value, map: (record) => [mapRecord(record)] });
  }
  if (streamStart) {
    yield* mapOne({ file, at: streamStart, value: events, map: () => [mapEventStream(events, events)] });
  }
}

function mapRecord(value: unknown) {
  if (!isObject(value)) throw new ImportRecordError("the record is not an OpenHands event or evaluation row");
  if (Array.isArray(value.history)) return mapEvaluationRow(value);
  const list = getArray(value.trajectory ?? value.events);
  if (list.length > 0 && list.every(isOpenHandsEvent)) return mapEventStream(list, value);
  throw new ImportRecordError(
    'not OpenHands data: expected an event, an evaluation row with "history", or "trajectory"/"events"',
  );
}
