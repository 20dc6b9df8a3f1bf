import { getText, isObject } from "@/lib/imports/read/json-value";

// Inspect Score values are polymorphic: letters, numbers, booleans, strings, lists, dicts.

/** Inspect's own letter grades (CORRECT, INCORRECT, PARTIAL, NOANSWER). */
const LETTER_VALUES: Record<string, number> = { C: 1, I: 0, P: 0.5, N: 0 };

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
  /** The value of the primary scorer (its first key when it is a dict); null when not numeric. */
  reward: number | null;
  /** Per scorer: the original value, answer and explanation, for reviewers. */
  details: Record<string, { value: unknown; answer?: string; explanation?: string }>;
};

/**
 * Maps a sample's `scores` map. `primary` names the scorer whose value becomes the reward
 * (the log's first declared scorer); without it, the first scorer in the sample is used.
 */
export function readInspectScores(
  raw: Record<string, unknown> | null | undefined,
  primary: string | null,
): InspectScores {
  const scores: Record<string, number> = {};
  const details: InspectScores["details"] = {};
  let reward: number | null = null;
  const names = Object.keys(raw ?? {});
  const rewardName = primary && names.includes(primary) ? primary : (names[0] ?? null);
  for (const name of names) {
    const score = raw?.[name];
    const value = isObject(score) && "value" in score ? score.value : score;
    const flat = flattenValue(name, value);
    Object.assign(scores, flat);
    const detail: InspectScores["details"][string] = { value };
    if (isObject(score)) {
      const answer = getText(score.answer);
      const explanation = getText(score.explanation);
      if (answer) detail.answer = answer;
      if (explanation) detail.explanation = explanation;
    }
    details[name] = detail;
    if (name === rewardName) reward = Object.values(flat)[0] ?? null;
  }
  return { scores, reward, details };
}

function flattenValue(name: string, value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      const number = convertScoreValue(child);
      if (number !== undefined) out[`${name}.${key}`] = number;
    }
  } else if (Array.isArray(value)) {
    value.forEach((child, index) => {
      const number = convertScoreValue(child);
      if (number !== undefined) out[`${name}.${index}`] = number;
    });
  } else {
    const number = convertScoreValue(value);
    if (number !== undefined) out[name] = number;
  }
  return out;
}
