import { isObject } from "@/lib/imports/read/json-value";
import { readSampleKeys, viewHead } from "@/lib/imports/read/sniff";
import type { FormatSample } from "@/lib/imports/types";

/** A v1 trace row: `task` + `nodes` (the message graph) + `rewards`. */
export function isVerifiersTrace(value: unknown): value is Record<string, unknown> {
  return isObject(value) && Array.isArray(value.nodes) && "rewards" in value && "task" in value;
}

/** A v0 results row: `example_id`/`id` + `prompt` + `completion` + `reward`. */
function isResultsRow(value: unknown): boolean {
  return (
    isObject(value) &&
    ("example_id" in value || "id" in value) &&
    "prompt" in value &&
    "completion" in value &&
    "reward" in value
  );
}

export function detectVerifiers(sample: FormatSample): number {
  const view = viewHead(sample.head);
  if (view.opening !== "{") return 0;
  const isNamed = /(^|\/)(results|traces)\.jsonl$/i.test(sample.name);
  const first = view.records[0];
  if (first !== undefined) {
    if (isResultsRow(first) || isVerifiersTrace(first)) return isNamed ? 95 : 90;
    return 0;
  }
  // The first row is longer than the head: its top-level keys so far.
  const keys = readSampleKeys(sample, view);
  const isRowStart = keys[0] === "example_id" || keys[0] === "id" || keys[0] === "prompt";
  if (keys.includes("prompt") && (keys.includes("completion") || isRowStart)) return isNamed ? 80 : 65;
  if (keys.includes("nodes") && keys.includes("task")) return isNamed ? 80 : 60;
  return 0;
}
