import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { readFileHead } from "@/lib/imports/read/read-file-head";
import { readJsonDocument, readJsonRecords } from "@/lib/imports/read/read-json-records";
import { viewHead } from "@/lib/imports/read/sniff";
import type { FormatImporter, ImportLimits, ImportSource, ParsedRecord } from "@/lib/imports/types";
import { detectOpenAi, isMessageListHead, isPaperBenchHead, PAPERBENCH_MESSAGE } from "./openai-detect";
import { mapMessageList, mapOpenAiItems, type RecordItem } from "./openai-record";
import { isSimpleEvalsHead, mapSimpleEvalsResult } from "./openai-simple-evals";
import { describeMappingError, mapWholeFile } from "./shared/map-records";

// OpenAI chat records: `{messages}` JSON/JSONL (SFT, RFT, eval dumps, mini-swe-agent), DPO
// `{input, preferred_output, non_preferred_output}`, raw responses `{choices}` (one rollout per choice,
// after the request `messages` when the record has them), a bare array of messages (one rollout),
// chat containers (`conversation`/`trajectory`/`history` rows, `prompt` + `completion`, RL rollout
// dumps `{rollouts, metrics, env_config}`; see openai-record.ts) and simple-evals results such as
// HealthBench (see openai-simple-evals.ts). Typed tool-call blocks in `content` become tool calls.
// Task key: top-level `task`, else `metadata.task`, else `env_config.task_id`; simple-evals: `prompt_id`.
// Reward: top-level `reward`, else `score`, else a metric (see `readReward` in openai-containers.ts).

export const openaiImporter: FormatImporter = {
  format: "openai",
  label: "OpenAI chat messages (JSON / JSONL)",
  detect: detectOpenAi,
  parse: parseOpenAi,
};

async function* parseOpenAi(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const view = viewHead(await readFileHead(source.path));
  if (isMessageListHead(view)) {
    // A bare list of messages is one conversation: read it whole (bounded by maxRecordBytes).
    yield* mapWholeFile({ source, limits, map: (value) => [mapMessageList(value)] });
    return;
  }
  if (isSimpleEvalsHead(view)) {
    yield* parseSimpleEvals(source, limits);
    return;
  }
  if (isPaperBenchHead(view)) {
    yield { kind: "error", file: source.name, record: 1, line: 1, message: PAPERBENCH_MESSAGE };
    return;
  }
  for await (const item of readJsonRecords(source.path, { name: source.name, limits })) {
    if (item.kind === "error") {
      yield { kind: "error", file: source.name, record: item.record, line: item.line, message: item.message };
      continue;
    }
    const at = { file: source.name, record: item.record, line: item.line };
    yield* emitItems(at, () => mapOpenAiItems(item.value));
  }
}

/** A simple-evals result is one document; each graded sample is reported as its own record (1-based). */
async function* parseSimpleEvals(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  let document: unknown;
  try {
    document = await readJsonDocument(source.path, limits);
  } catch (error) {
    if (!(error instanceof ImportRecordError)) throw error;
    yield { kind: "error", file: source.name, record: 1, line: 1, message: error.message };
    return;
  }
  let items: RecordItem[];
  try {
    items = mapSimpleEvalsResult(document);
  } catch (error) {
    yield { kind: "error", file: source.name, record: 1, message: describeMappingError(error) };
    return;
  }
  for (const [index, item] of items.entries()) {
    yield* emitItems({ file: source.name, record: index + 1 }, () => [item]);
  }
}

function* emitItems(
  at: { file: string; record: number; line?: number },
  map: () => RecordItem[],
): Generator<ParsedRecord> {
  let items: RecordItem[];
  try {
    items = map();
  } catch (error) {
    yield { kind: "error", ...at, message: describeMappingError(error) };
    return;
  }
  for (const item of items) {
    if (item.kind === "rollout") yield { kind: "rollout", ...at, rollout: item.rollout };
    else yield { kind: "error", ...at, message: item.message };
  }
}
