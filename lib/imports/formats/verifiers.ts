import { dirname, join } from "node:path";
import { getNumber, getObject, getText, isObject, toIsoTime } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { readJsonDocument } from "@/lib/imports/read/read-json-records";
import type {
  FormatImporter,
  ImportLimits,
  ImportSource,
  NormalizedMessage,
  NormalizedRollout,
  ParsedRecord,
} from "@/lib/imports/types";
import { mapJsonRecords } from "./shared/map-records";
import { mapOpenAiMessages } from "./shared/openai-messages";
import { buildRollout, collectNumbers, splitUsage } from "./shared/rollout";
import { detectVerifiers, isVerifiersTrace } from "./verifiers-detect";
import { mapVerifiersTrace } from "./verifiers-v1";

// verifiers `vf-eval` results.jsonl (every v0 row shape, with the sibling metadata.json as run
// context) and v1 traces.jsonl. Task key: `info.task_key` / `info.task_id` when the environment
// wrote one, else the dataset row (`example_id`, or `id` before v0.1.6) within the environment that
// metadata.json names, `wordle/40` as v1 keys its tasks (a bare "40" says nothing in a list). The
// rollout's title is that environment and the first words of the prompt's last user message.

/** Row keys with a fixed meaning; any other numeric top-level key is a flattened metric. */
const RESERVED_KEYS = new Set([
  "example_id",
  "id",
  "prompt",
  "completion",
  "answer",
  "info",
  "task",
  "reward",
  "metrics",
  "timing",
  "is_completed",
  "is_truncated",
  "stop_condition",
  "error",
  "error_chain",
  "long_error_chain",
  "tool_defs",
  "oai_tools",
  "token_usage",
  "generation_ms",
  "scoring_ms",
  "total_ms",
]);

export const verifiersImporter: FormatImporter = {
  format: "verifiers",
  label: "verifiers results.jsonl / traces.jsonl",
  detect: detectVerifiers,
  parse: parseVerifiers,
};

type RunContext = { run: Record<string, unknown> | null; seen: Map<string, number> };

async function* parseVerifiers(source: ImportSource, limits: ImportLimits): AsyncGenerator<ParsedRecord> {
  const metadataFile = join(dirname(source.path), "metadata.json");
  let run: Record<string, unknown> | null = null;
  try {
    const value = await readJsonDocument(metadataFile, { ...limits, maxBytes: 1024 * 1024 });
    run = getObject(value) ?? null;
  } catch (error) {
    // No sibling metadata.json is normal (a results file uploaded alone); a broken one is reported.
    if (error instanceof ImportRecordError) {
      yield { kind: "error", file: source.name, message: `metadata.json ignored: ${error.message}` };
    }
  }
  const context: RunContext = { run, seen: new Map() };
  yield* mapJsonRecords({
    source,
    limits,
    map: (value) => (isVerifiersTrace(value) ? mapVerifiersTrace(value) : [mapVerifiersRow(value, context)]),
  });
}

export function mapVerifiersRow(value: unknown, context: RunContext): NormalizedRollout {
  if (!isObject(value)) throw new ImportRecordError("row is not a JSON object");
  if (!("prompt" in value) && !("completion" in value)) {
    throw new ImportRecordError('row has neither "prompt" nor "completion"');
  }
  const prompt = mapSide(value.prompt, "prompt", "user");
  const completion = mapSide(value.completion, "completion", "assistant");
  const exampleId = value.example_id ?? value.id;
  const exampleKey = exampleId === undefined || exampleId === null ? null : String(exampleId);
  const attempt = exampleKey === null ? 0 : (context.seen.get(exampleKey) ?? 0);
  if (exampleKey !== null) context.seen.set(exampleKey, attempt + 1);
  const info = readInfo(value.info);
  const { scores: metrics, usage } = splitUsage({
    ...collectNumbers(value, { skip: RESERVED_KEYS }),
    ...collectNumbers(value.metrics),
  });
  const error = readError(value.error);
  const run = context.run;
  const environment = getText(run?.env_id) ?? getText(run?.env) ?? getText(run?.name);
  const infoKey = getText(info?.task_key) ?? getText(info?.task_id);
  const timing = getObject(value.timing);
  const startTime = getNumber(timing?.start_time);
  const totalSeconds = getNumber(timing?.total);
  return buildRollout({
    externalId: exampleKey === null ? null : `example-${exampleKey}/rollout-${attempt}`,
    taskKey: infoKey ?? (environment && exampleKey !== null ? `${environment}/${exampleKey}` : exampleKey),
    model: getText(run?.model) ?? null,
    harness: "verifiers",
    reward: getNumber(value.reward) ?? null,
    scores: Object.keys(metrics).length > 0 ? metrics : undefined,
    status: error ? "error" : value.is_truncated === true ? "truncated" : "completed",
    error,
    messages: [...prompt, ...completion],
    metadata: compact({
      title: describeRollout(environment, prompt),
      environment,
      exampleId: exampleId ?? undefined,
      attempt,
      task: value.task,
      answer: value.answer,
      info: info ? omitKeys(info, ["oai_tools"]) : undefined,
      promptMessages: prompt.length,
      stopCondition: value.stop_condition ?? undefined,
      isCompleted: value.is_completed,
      tokenUsage: value.token_usage ?? undefined,
      usage: Object.keys(usage).length > 0 ? usage : undefined,
      timing:
        timing ??
        compact({ generationMs: value.generation_ms, scoringMs: value.scoring_ms, totalMs: value.total_ms }),
      run: run ?? undefined,
    }),
    original: value,
    startedAt: toIsoTime(startTime),
    endedAt:
      startTime !== undefined && totalSeconds !== undefined ? toIsoTime(startTime + totalSeconds) : null,
  });
}

const TITLE_WORDS = 10;

/** "wordle · You are playing Wordle. Guess the secret…": the environment, then the prompt's first words. */
function describeRollout(environment: string | undefined, prompt: NormalizedMessage[]): string | undefined {
  const users = prompt.filter((m) => m.role === "user" && m.text.trim() !== "");
  const words = (users.at(-1)?.text ?? "").trim().split(/\s+/).filter(Boolean);
  const opening =
    words.length > TITLE_WORDS
      ? `${words
          .slice(0, TITLE_WORDS)
          .join(" ")
          .replace(/[,;:]$/, "")}…`
      : words.join(" ");
  const parts = [environment, opening].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ").slice(0, 200) : undefined;
}

/** `prompt` / `completion`: a message list, a plain string (completion envs) or null (errors). */
function mapSide(value: unknown, where: string, stringRole: "user" | "assistant"): NormalizedMessage[] {
  if (value === null || value === undefined) return [];
  if (typeof value === "string") return value === "" ? [] : [{ role: stringRole, text: value }];
  return mapOpenAiMessages(value, where).map((message) =>
    // Legacy raw-text envs write `role: "text"`: it is the model's or the prompt's text.
    message.metadata?.role === "text" ? { ...message, role: stringRole } : message,
  );
}

/** `info` is an object, or a JSON string of one in datasets-written files. */
function readInfo(value: unknown): Record<string, unknown> | null {
  if (isObject(value)) return value;
  if (typeof value !== "string" || !value.trim().startsWith("{")) return null;
  try {
    return getObject(JSON.parse(value)) ?? null;
  } catch {
    return null;
  }
}

function readError(value: unknown): string | null {
  if (typeof value === "string") return value.trim() === "" ? null : value;
  const error = getObject(value);
  if (!error) return null;
  return [getText(error.error), getText(error.message)].filter(Boolean).join(": ") || JSON.stringify(error);
}

function omitKeys(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/** Drops undefined values (and empty objects) so metadata stays small. */
function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, child]) => child !== undefined && !(isObject(child) && Object.keys(child).length === 0),
    ),
  );
}
