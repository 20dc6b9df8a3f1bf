import { getText, isObject } from "@/lib/imports/read/json-value";

// Inspect Score values are polymorphic: letters, numbers, booleans, strings, lists, dicts.

/** Inspect's own letter grades (CORRECT, INCORRECT, PARTIAL, NOANSWER). */
const LETTER_VALUES: Record<string, number> = { C: 1, I: 0, P: 0.5, N: 0 };
const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A score value as a number, the way Inspect's `value_to_float()` reads it: numbers and booleans as
 * they are, C/I/P/N → 1/0/0.5/0, "yes"/"true" → 1, "no"/"false" → 0, numeric strings parsed.
 * Unlike Inspect (which falls back to 0 with a warning), an unreadable value gives undefined.
 */
export function convertScoreValue(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value !== "string") return undefined;
  if (value in LETTER_VALUES) return LETTER_VALUES[value];
  const lower = value.trim().toLowerCase();
  if (lower === "yes" || lower === "true") return 1;
  if (lower === "no" || lower === "false") return 0;
  if (/^-?\d+(\.\d+)?$/.test(lower)) return Number(lower);
  return undefined;
}

export type InspectScores = {
  /** Numeric scores by scorer (`scorer` or `scorer.key` for dict values, `scorer.i` for lists). */
  scores: Record<string, number>;
  /**
   * The value of the primary scorer; for a dict value, the key its scorer declares a metric for (or
   * its only numeric key); null when not numeric or when several keys could be the reward.
   */
  reward: number | null;
  /** Set when the reward is null because the primary scorer's named values leave it ambiguous. */
  rewardNote: string | null;
  /** Per scorer: the original value, answer and explanation, for reviewers. */
  details: Record<string, { value: unknown; answer?: string; explanation?: string }>;
};

/**
 * Maps a sample's `scores` map. `primary` names the scorer whose value becomes the reward (the log's
 * first declared scorer; without it, the first scorer in the sample); `primaryKeys` the keys that
 * scorer declares metrics for, when its value is a dict.
 */
export function readInspectScores(
  raw: Record<string, unknown> | null | undefined,
  options: { primary: string | null; primaryKeys?: string[] },
): InspectScores {
  const scores: Record<string, number> = {};
  const details: InspectScores["details"] = {};
  let reward: number | null = null;
  let rewardNote: string | null = null;
  const names = Object.keys(raw ?? {});
  const rewardName =
    options.primary && names.includes(options.primary) ? options.primary : (names[0] ?? null);
  for (const name of names) {
    const score = raw?.[name];
    const value = isObject(score) && "value" in score ? score.value : score;
    // A scorer that puts the model's answer in `value` ("59", same as `answer`) gives no score.
    const isAnswer =
      isObject(score) && typeof value === "string" && NUMERIC.test(value) && value === getText(score.answer);
    const flat = isAnswer ? {} : flattenValue(name, value);
    Object.assign(scores, flat);
    const detail: InspectScores["details"][string] = { value };
    if (isObject(score)) {
      const answer = getText(score.answer);
      const explanation = getText(score.explanation);
      if (answer) detail.answer = answer;
      if (explanation) detail.explanation = explanation;
    }
    details[name] = detail;
    if (name !== rewardName) continue;
    if (!isObject(value)) {
      reward = Object.values(flat)[0] ?? null;
      continue;
    }
    const choice = chooseRewardKey(name, flat, options.primaryKeys ?? []);
    reward = choice.key ? flat[`${name}.${choice.key}`] : null;
    rewardNote = choice.note;
  }
  return { scores, reward, rewardNote, details };
}

/** Which named value of a dict score is the reward: the one declared key, else the only numeric one. */
function chooseRewardKey(
  name: string,
  flat: Record<string, number>,
  declared: string[],
): { key: string | null; note: string | null } {
  const numeric = Object.keys(flat).map((key) => key.slice(name.length + 1));
  const declaredHere = declared.filter((key) => numeric.includes(key));
  if (declaredHere.length === 1) return { key: declaredHere[0], note: null };
  if (declaredHere.length === 0 && numeric.length === 1) return { key: numeric[0], note: null };
  if (numeric.length === 0) return { key: null, note: null };
  const candidates = declaredHere.length > 1 ? declaredHere : numeric;
  return {
    key: null,
    note: `reward ambiguous: scorer "${name}" has several named values (${candidates.join(", ")}) and declares no single metric; all are kept as scores; choose the reward with --reward-key`,
  };
}

function flattenValue(name: string, value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (isObject(value)) {
    // Named values: numbers, booleans and grades. A string of digits here is an answer ("59"), not a score.
    for (const [key, child] of Object.entries(value)) {
      const number = convertNamedValue(child);
      if (number !== undefined) out[`${name}.${key}`] = number;
    }
  } else if (Array.isArray(value)) {
    value.forEach((child, index) => {
      const number = convertNamedValue(child);
      if (number !== undefined) out[`${name}.${index}`] = number;
    });
  } else {
    const number = convertScoreValue(value);
    if (number !== undefined) out[name] = number;
  }
  return out;
}

/** A value inside a dict or list score: numbers, booleans and grade words, never a numeric string. */
function convertNamedValue(value: unknown): number | undefined {
  if (typeof value === "string" && NUMERIC.test(value)) return undefined;
  return convertScoreValue(value);
}
