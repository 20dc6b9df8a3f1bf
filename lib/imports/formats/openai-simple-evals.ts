import { getArray, getNumber, getObject, getText, isObject } from "@/lib/imports/read/json-value";
import { ImportRecordError } from "@/lib/imports/read/parse-json";
import { type HeadView, readTopLevelKeys } from "@/lib/imports/read/sniff";
import type { NormalizedMessage, NormalizedRollout } from "@/lib/imports/types";
import { mapChatMessages } from "./openai-blocks";
import type { RecordItem } from "./openai-record";
import { describeMappingError } from "./shared/map-records";
import { readExtraKeys, readOpenAiUsage } from "./shared/openai-messages";
import { buildRollout } from "./shared/rollout";

// OpenAI simple-evals `*_allresults.json`: `{score, metrics, htmls, convos, metadata:
// {example_level_metadata}}`, where `convos[i]`, `htmls[i]` and `example_level_metadata[i]` describe
// the same graded sample. Each sample is a rollout: its messages are the example's `prompt` +
// `completion` (else `convos[i]`), its reward the example's `score`, its task key the `prompt_id`.
// HealthBench examples carry `rubric_items` (criterion, points, tags, criteria_met, explanation):
// each becomes a score keyed by `buildRubricKey(criterion)` (1 met, 0 not met) and an entry of
// `metadata.rubric` that keeps the grader's explanation. `htmls` (renderings of the rest) are skipped.

/** Example keys mapped into the rollout; other small scalars are kept in `metadata`. */
const EXAMPLE_KEYS = new Set([
  "score",
  "usage",
  "rubric_items",
  "prompt",
  "completion",
  "prompt_id",
  "completion_id",
]);

/** A simple-evals result document (parsed). */
export function isSimpleEvalsResult(value: unknown): value is Record<string, unknown> {
  return (
    isObject(value) &&
    (Array.isArray(value.htmls) || Array.isArray(value.convos)) &&
    ("score" in value || "metrics" in value)
  );
}

/** The head of a simple-evals result: `score`/`metrics` beside `htmls`/`convos` at the top level. */
export function isSimpleEvalsHead(view: HeadView): boolean {
  if (view.opening !== "{") return false;
  if (view.isWholeDocument) return isSimpleEvalsResult(view.records[0]);
  const keys = readTopLevelKeys(view.text);
  return (
    (keys.includes("score") || keys.includes("metrics")) &&
    (keys.includes("htmls") || keys.includes("convos"))
  );
}

/** One item per graded sample, in file order: its rollout, or why it could not be read. */
export function mapSimpleEvalsResult(document: unknown): RecordItem[] {
  if (!isSimpleEvalsResult(document))
    throw new ImportRecordError("not a simple-evals result (no htmls/convos)");
  const examples = getArray(getObject(document.metadata)?.example_level_metadata);
  const convos = getArray(document.convos);
  const count = Math.max(examples.length, convos.length);
  const items: RecordItem[] = [];
  for (let index = 0; index < count; index += 1) {
    try {
      const rollout = mapSample({
        document,
        example: getObject(examples[index]),
        convo: convos[index],
        index,
      });
      items.push({ kind: "rollout", rollout });
    } catch (error) {
      items.push({ kind: "error", message: `sample ${index + 1}: ${describeMappingError(error)}` });
    }
  }
  if (items.length === 0) throw new ImportRecordError("the simple-evals result holds no graded samples");
  return items;
}

function mapSample(args: {
  document: Record<string, unknown>;
  example: Record<string, unknown> | undefined;
  convo: unknown;
  index: number;
}): NormalizedRollout {
  const { document, example, convo, index } = args;
  const messages = readSampleMessages(example, convo, index);
  const tokens = readOpenAiUsage(example?.usage);
  // simple-evals names the reasoning count `output_reasoning_tokens`.
  const reasoning = getNumber(getObject(example?.usage)?.output_reasoning_tokens);
  if (tokens && reasoning) tokens.reasoning = reasoning;
  const reply = messages.findLast((message) => message.role === "assistant");
  if (reply && tokens && (tokens.total ?? 0) > 0) reply.tokens = tokens;
  const rubric = getArray(example?.rubric_items).flatMap((item) => (isObject(item) ? [item] : []));
  const { scores, entries } = readRubric(rubric);
  const metadata: Record<string, unknown> = { ...(example ? readExtraKeys(example, EXAMPLE_KEYS) : {}) };
  metadata.sample = index + 1;
  if (getText(example?.prompt_id)) metadata.promptId = example?.prompt_id;
  if (getText(example?.completion_id)) metadata.completionId = example?.completion_id;
  if (getNumber(document.score) !== undefined) metadata.runScore = getNumber(document.score);
  if (entries.length > 0) metadata.rubric = entries;
  return buildRollout({
    externalId: getText(example?.completion_id) ?? null,
    taskKey: getText(example?.prompt_id) ?? null,
    harness: "simple-evals",
    reward: getNumber(example?.score) ?? null,
    scores: Object.keys(scores).length > 0 ? scores : undefined,
    messages,
    metadata,
    original: example ?? convo,
  });
}

function readSampleMessages(
  example: Record<string, unknown> | undefined,
  convo: unknown,
  index: number,
): NormalizedMessage[] {
  if (Array.isArray(example?.prompt) && Array.isArray(example?.completion)) {
    return mapChatMessages([...example.prompt, ...example.completion], `example_level_metadata[${index}]`);
  }
  if (Array.isArray(convo)) return mapChatMessages(convo, `convos[${index}]`);
  throw new ImportRecordError("no conversation (neither prompt + completion nor convos entry)");
}

export type RubricEntry = {
  key: string;
  criterion: string;
  points: number | null;
  tags: string[];
  criteriaMet: boolean | null;
  explanation: string | null;
};

/** Rubric items → scores (1 met, 0 not met; ungraded items get no score) and metadata entries. */
export function readRubric(items: Record<string, unknown>[]): {
  scores: Record<string, number>;
  entries: RubricEntry[];
} {
  const scores: Record<string, number> = {};
  const entries: RubricEntry[] = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    const criterion = getText(item.criterion) ?? "";
    const base = buildRubricKey(criterion);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const key = count === 1 ? base : `${base}-${count}`;
    const criteriaMet = typeof item.criteria_met === "boolean" ? item.criteria_met : null;
    if (criteriaMet !== null) scores[key] = criteriaMet ? 1 : 0;
    entries.push({
      key,
      criterion,
      points: getNumber(item.points) ?? null,
      tags: getArray(item.tags).filter((tag): tag is string => typeof tag === "string"),
      criteriaMet,
      explanation: getText(item.explanation) ?? null,
    });
  }
  return { scores, entries };
}

const SLUG_WORDS = 6;
const SLUG_CHARS = 48;

/**
 * A stable key for a rubric criterion: the slug of its first words plus 8 hex digits of an FNV-1a
 * hash of the whole text, so the same criterion gets the same key in every file and run, and two
 * criteria that start alike still differ (`the-response-has-no-factually-incorrect-1c2d3e4f`).
 */
export function buildRubricKey(criterion: string): string {
  const words = criterion
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .slice(0, SLUG_WORDS);
  const slug = words.join("-").slice(0, SLUG_CHARS).replace(/-+$/, "") || "criterion";
  return `${slug}-${hashText(criterion)}`;
}

function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
