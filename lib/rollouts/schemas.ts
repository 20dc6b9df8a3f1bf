import { z } from "zod";

// The rollout filter, parsed from URL search params (page) and query strings (API) alike.
// Every field is optional; an empty string (an unfilled form field) counts as absent.

export const ROLLOUT_SORTS = ["newest", "oldest", "reward-desc", "reward-asc"] as const;
export type RolloutSort = (typeof ROLLOUT_SORTS)[number];

export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const reward = z.coerce.number().refine(Number.isFinite, "Must be a finite number");
/** A day (`2026-01-31`) or a full ISO timestamp. */
const dateParam = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), "Use a date like 2026-01-31");

export const rolloutFilterInput = z.object({
  /** Full-text query over message text, reasoning and tool-call arguments (web-search syntax). */
  q: optional(z.string().trim().max(500)),
  /** Environment slug. */
  environment: optional(z.string().trim().max(200)),
  /** The task key recorded on the rollout. */
  task: optional(z.string().trim().max(500)),
  model: optional(z.string().trim().max(500)),
  /** Run id (an import or a live run). */
  run: optional(z.uuid()),
  /** A live run's training step or checkpoint. */
  step: optional(z.coerce.number().int().min(0).max(2_147_483_647)),
  minReward: optional(reward),
  maxReward: optional(reward),
  /** `yes`: at least one tool error; `no`: none. */
  toolErrors: optional(z.enum(["yes", "no"])),
  /**
   * Label status: `labeled` keeps rollouts with at least one reviewer's label, `unlabeled` the others.
   */
  label: optional(z.enum(["labeled", "unlabeled"])),
  /**
   * `true`: at least one scanner flag, unless the deployed LLM scanner disputed them; `disputed`: flags
   * the deployed LLM scanner disputed (kept for review, not counted); `false`: none.
   */
  flagged: optional(z.enum(["true", "false", "disputed"])),
  /** Only rollouts with a flag of this scanner signature (lib/scanners/catalog.ts). */
  signature: optional(z.string().trim().max(100)),
  /** Created on or after this day (inclusive). */
  from: optional(dateParam),
  /** Created on or before this day (inclusive when a bare day is given). */
  to: optional(dateParam),
  sort: optional(z.enum(ROLLOUT_SORTS)).transform((v) => v ?? "newest"),
  cursor: optional(z.string().max(1000)),
  limit: optional(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE)).transform((v) => v ?? DEFAULT_PAGE_SIZE),
});

export type RolloutFilterInput = z.input<typeof rolloutFilterInput>;
export type RolloutFilter = z.output<typeof rolloutFilterInput>;

/** The filter fields that narrow the list (not sort or paging): what "clear filters" removes. */
export const FILTER_FIELDS = [
  "q",
  "environment",
  "task",
  "model",
  "run",
  "step",
  "minReward",
  "maxReward",
  "toolErrors",
  "label",
  "flagged",
  "signature",
  "from",
  "to",
] as const satisfies readonly (keyof RolloutFilter)[];

type SearchParams = Record<string, string | string[] | undefined> | URLSearchParams;

/** Next's `searchParams` (or a URLSearchParams) as a plain object of first values, for the zod schema. */
export function readSearchParams(params: SearchParams): Record<string, string> {
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  const out: Record<string, string> = {};
  for (const [key, value] of entries) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && !(key in out)) out[key] = first;
  }
  return out;
}

/** A filter back to a query string (sorted keys, defaults and blanks omitted) for links. */
export function buildFilterQuery(
  filter: Partial<Record<keyof RolloutFilter, string | number | undefined>>,
): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(filter).sort() as (keyof RolloutFilter)[]) {
    const value = filter[key];
    if (value === undefined || value === "") continue;
    if (key === "sort" && value === "newest") continue;
    if (key === "limit" && value === DEFAULT_PAGE_SIZE) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const messageWindowInput = z.object({
  offset: optional(z.coerce.number().int().min(0)).transform((v) => v ?? 0),
  limit: optional(z.coerce.number().int().min(1).max(1000)).transform((v) => v ?? 200),
  /** Cut `content` and `reasoning` to this many characters (the viewer asks for the rest on "Show all"). */
  maxChars: optional(z.coerce.number().int().min(100).max(10_000_000)),
});
export type MessageWindowInput = z.output<typeof messageWindowInput>;

export const findInTranscriptInput = z.object({
  q: z.string().trim().min(1, "Type something to find").max(500),
});

export const rolloutIdInput = z.uuid();

export const deleteRunInput = z.object({ id: z.uuid() });
export type DeleteRunInput = z.input<typeof deleteRunInput>;
