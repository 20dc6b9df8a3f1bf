import { ImportFileError, readFileHead } from "@/lib/imports/read/read-file-head";
import { hasJsonKey, viewHead } from "@/lib/imports/read/sniff";
import type {
  FormatImporter,
  FormatSample,
  ImportLimits,
  ImportSource,
  ParsedRecord,
} from "@/lib/imports/types";
import { readInspectEvalLog } from "./inspect-eval-log";
import { type InspectLogContext, mapInspectSample, readInspectHeader } from "./inspect-sample";
import { readKeyedArrayDocument } from "./keyed-array-document";
import { describeMappingError } from "./shared/map-records";

// Inspect AI eval logs: `.eval` zips and `.json` logs. One sample × epoch = one rollout; task key =
// sample id; reward = the first declared scorer's value as a number (C/I/P/N → 1/0/0.5/0).

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EVAL_MEMBERS = /(^|\/)(header\.json|_journal\/start\.json|samples\/[^/]+\.json|summaries\.json)/;

export const inspectImporter: FormatImporter = {
  format: "inspect",
  label: "Inspect AI eval log (.eval / .json)",
  detect: detectInspect,
  parse: parseInspect,
};

/** `.eval` zips by their first member names; `.json` logs by a root `eval` object with `version`/`status`/`samples`. */
export function detectInspect(sample: FormatSample): number {
  if (sample.head.subarray(0, 4).equals(ZIP_MAGIC)) {
    // The first local header's name starts at byte 30: Inspect writes `_journal/start.json` first.
    const names = sample.head.toString("latin1");
    if (EVAL_MEMBERS.test(names.slice(30, 30 + 200)) || names.includes("_journal/start.json")) return 95;
    return sample.name.toLowerCase().endsWith(".eval") ? 70 : 0;
  }
  const view = viewHead(sample.head);
  if (view.opening !== "{" || !hasJsonKey(view.text, "eval")) return 0;
  const hasRunShape = /"eval"\s*:\s*\{[\s\S]{0,4000}?"(task|run_id|task_id)"\s*:/.test(view.text);
  if (!hasRunShape) return 0;
  const hasLogKeys = ["version", "status", "plan", "samples", "results"].filter((key) =>
    hasJsonKey(view.text, key),
  );
  return hasLogKeys.length >= 2 ? 95 : 60;
}

async function* parseInspect(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const head = await readFileHead(source.path, 4);
  if (head.equals(ZIP_MAGIC)) {
    yield* readInspectEvalLog(source, limits);
    return;
  }
  const file = source.name;
  let context: InspectLogContext | null = null;
  let count = 0;
  for await (const item of readKeyedArrayDocument(source.path, { key: "samples", noun: "sample", limits })) {
    if (item.kind === "header") {
      context = readHeaderOrThrow(item.value, source);
    } else if (item.kind === "error") {
      yield { kind: "error", file, record: item.index, line: item.line, message: item.message };
    } else if (context) {
      count += 1;
      const at = { record: item.index, line: item.line };
      try {
        yield { kind: "rollout", file, ...at, rollout: mapInspectSample(item.value, context) };
      } catch (error) {
        yield { kind: "error", file, ...at, message: `sample ${item.index}: ${describeMappingError(error)}` };
      }
    }
  }
  if (count === 0 && context) {
    yield {
      kind: "error",
      file,
      message: `the log has no samples (log status: ${String(context.log.status ?? "unknown")})`,
    };
  }
}

function readHeaderOrThrow(value: unknown, source: ImportSource): InspectLogContext {
  try {
    return readInspectHeader(value);
  } catch (error) {
    throw new ImportFileError(source.path, describeMappingError(error), { cause: error });
  }
}
