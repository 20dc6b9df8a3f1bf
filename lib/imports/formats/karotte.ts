import { readdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { getObject, getText } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { readJsonDocument } from "@/lib/imports/read/read-json-records";
import { hasJsonKey, viewHead } from "@/lib/imports/read/sniff";
import type {
  FormatImporter,
  FormatSample,
  ImportLimits,
  ImportSource,
  ParsedRecord,
} from "@/lib/imports/types";
import { createKarotteTranscriptBuilder, type KarotteContext } from "./karotte-transcript";
import { readKeyedArrayDocument } from "./keyed-array-document";
import { describeMappingError } from "./shared/map-records";

// Karotte run transcripts (`out/transcript.json`, `transcript_<i>.json` for `-n` runs): one file =
// one run = one rollout. Task key: `task_id` of `task_started`. Reward: the last scored step's score.
// Events are streamed one at a time (transcripts with inline images get large). Beside the file,
// `run_config.json` (API keys removed), `.manifest.json` and `<run_id>_artifacts*/` add context.

export const karotteImporter: FormatImporter = {
  format: "karotte",
  label: "Karotte run transcript",
  detect: detectKarotte,
  parse: parseKarotte,
};

const KAROTTE_EVENT =
  /"type"\s*:\s*"(task_started|message_added|step_started|tool_call_started|task_completed|scoring)"/;
const SIBLING_BYTES = 1024 * 1024;
const MAX_ARTIFACT_NAMES = 200;
/** Run-config fields never copied into the rollout. */
const SECRET_KEYS = new Set(["model_api_key", "rubric_judge_api_key", "backend_uri"]);

export function detectKarotte(sample: FormatSample): number {
  const view = viewHead(sample.head);
  if (view.opening !== "{" || !/"events"\s*:\s*\[/.test(view.text) || !KAROTTE_EVENT.test(view.text))
    return 0;
  return hasJsonKey(view.text, "run_id") ? 95 : 80;
}

async function* parseKarotte(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const file = source.name;
  const builder = createKarotteTranscriptBuilder();
  let header: unknown = null;
  let eventCount = 0;
  for await (const item of readKeyedArrayDocument(source.path, { key: "events", noun: "event", limits })) {
    if (item.kind === "header") header = item.value;
    else if (item.kind === "error")
      yield { kind: "error", file, record: 1, line: item.line, message: item.message };
    else {
      eventCount += 1;
      builder.add(item.value);
    }
  }
  if (eventCount === 0) {
    yield {
      kind: "error",
      file,
      record: 1,
      message: 'not a Karotte transcript: no "events" list (or it is empty)',
    };
    return;
  }
  try {
    const runId = getText(getObject(header)?.run_id) ?? null;
    const context = await readContext(source, runId, limits);
    yield { kind: "rollout", file, record: 1, line: 1, rollout: builder.finish({ header, context }) };
  } catch (error) {
    yield { kind: "error", file, record: 1, message: describeMappingError(error) };
  }
}

/** Reads the optional files beside the transcript; any that is missing or unreadable is skipped. */
async function readContext(
  source: ImportSource,
  runId: string | null,
  limits: ImportLimits,
): Promise<KarotteContext> {
  const folder = dirname(source.path);
  let names: string[] = [];
  try {
    names = await readdir(folder);
  } catch {
    return { runConfig: null, manifest: null, artifacts: null };
  }
  const readSibling = async (name: string) => {
    if (!names.includes(name)) return null;
    try {
      return (
        getObject(await readJsonDocument(join(folder, name), { ...limits, maxBytes: SIBLING_BYTES })) ?? null
      );
    } catch (error) {
      if (error instanceof ImportRecordError) return null;
      throw error;
    }
  };
  const config = await readSibling("run_config.json");
  const baseRunId = runId?.replace(/-\d+$/, "") ?? null;
  // A run config only describes this transcript when its run id matches (or is the `-n` base id).
  const runConfig =
    config && (config.run_id === runId || config.run_id === baseRunId) ? removeSecrets(config) : null;
  const manifest = await readSibling(".manifest.json");
  return { runConfig, manifest, artifacts: runId ? await listArtifacts(folder, names, runId) : null };
}

function removeSecrets(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([key]) => !SECRET_KEYS.has(key)));
}

/** `<run_id>_artifacts` (or `_2`, `_3` when re-run): flat file names; ambiguous when several exist. */
async function listArtifacts(folder: string, names: string[], runId: string) {
  const pattern = new RegExp(`^${runId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}_artifacts(_\\d+)?$`);
  const matches = names.filter((name) => pattern.test(name)).sort();
  const chosen = matches.at(-1);
  if (!chosen) return null;
  try {
    const files = (await readdir(join(folder, chosen))).sort().slice(0, MAX_ARTIFACT_NAMES);
    return { folder: chosen, files, ...(matches.length > 1 ? { otherFolders: matches.slice(0, -1) } : {}) };
  } catch {
    return null;
  }
}
