import { isObject } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { hasJsonKey, readSampleString, viewHead } from "@/lib/imports/read/sniff";
import type {
  FormatImporter,
  FormatSample,
  ImportLimits,
  ImportSource,
  NormalizedRollout,
  ParsedRecord,
} from "@/lib/imports/types";
import { mapJsonRecords } from "./shared/map-records";
import { mapMiniSweAgent } from "./swe-agent-mini";
import { mapSweAgentTraj } from "./swe-agent-traj";

// SWE-agent `.traj` files and mini-swe-agent trajectories (one file, or JSONL, of trajectories).
// Task key: the SWE-bench instance id (`instance_id`, `replay_config.problem_statement.id`, else the
// file name, which SWE-agent sets to the instance id). No reward unless the file carries one.

export const sweAgentImporter: FormatImporter = {
  format: "swe-agent",
  label: "SWE-agent / mini-swe-agent trajectory",
  detect: detectSweAgent,
  parse: parseSweAgent,
};

export function detectSweAgent(sample: FormatSample): number {
  const view = viewHead(sample.head);
  if (view.opening !== "{") return 0;
  // The top-level `trajectory_format` comes last, after `info` (whose submitted diff can be longer
  // than the head) and `messages`: read from the streaming scan of the top level when there is one.
  const format = readSampleString(sample, "trajectory_format");
  if (format?.startsWith("mini-swe-agent")) return 95;
  // mini-swe-agent writes `info` (with `mini_version`) before its long `messages`.
  if (hasJsonKey(view.text, "mini_version") && hasJsonKey(view.text, "messages")) return 90;
  const hasSteps = /"trajectory"\s*:\s*\[/.test(view.text);
  if (hasSteps && (hasJsonKey(view.text, "history") || hasJsonKey(view.text, "info"))) return 90;
  if (hasSteps && /"(action|observation|thought)"\s*:/.test(view.text)) return 70;
  if (/\.traj(\.json)?$/i.test(sample.name) && hasJsonKey(view.text, "attempts")) return 60;
  return 0;
}

async function* parseSweAgent(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  yield* mapJsonRecords({ source, limits, map: (value) => mapSweAgentRecord(value, source.name) });
}

/** One trajectory (either flavour) → its rollouts. */
export function mapSweAgentRecord(value: unknown, fileName: string): NormalizedRollout[] {
  if (!isObject(value)) throw new ImportRecordError("the record is not a JSON object");
  if (Array.isArray(value.trajectory) || Array.isArray(value.attempts))
    return mapSweAgentTraj(value, fileName);
  if (Array.isArray(value.messages)) return [mapMiniSweAgent(value, fileName)];
  throw new ImportRecordError(
    'not a SWE-agent trajectory: no "trajectory" steps and no mini-swe-agent "messages"',
  );
}
