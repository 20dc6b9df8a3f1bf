import { z } from "zod";
import { FILTER_FIELDS } from "@/lib/rollouts/schemas";
import { QUEUE_SAMPLINGS, type QueueSampling } from "@/lib/values/review-values";

// Inputs of review queues. A queue's rollout filter is the Rollouts list's own filter fields
// (lib/rollouts/schemas.ts), stored as the strings of its query and parsed with that schema.

export const SAMPLING_NAMES: Record<QueueSampling, string> = {
  all: "All matching rollouts",
  "random-audit": "Random audit sample",
  "highest-reward": "Highest reward first (hunt hacks)",
  "disagreements-first": "Disagreements first",
  "unlabeled-first": "Unlabelled first",
  "flagged-first": "Flagged first (undisputed flags, then highest scanner severity)",
  "judge-disagreements": "Judge disagreements (panel split, or judge against the reward)",
};

/** Items a queue draws at most, so a broad filter can't make a queue unworkable. */
export const MAX_QUEUE_ITEMS = 5_000;
export const MAX_OVERLAP = 10;

/** Keeps the rollout filter fields with a value, as strings (what a Rollouts URL would carry). */
export const queueFilterInput = z
  .record(z.string(), z.unknown())
  .default({})
  .transform((raw) => {
    const out: Record<string, string> = {};
    for (const field of FILTER_FIELDS) {
      const value = raw[field];
      if ((typeof value === "string" && value.trim() !== "") || typeof value === "number")
        out[field] = String(value).trim();
    }
    return out;
  });

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

export const createQueueInput = z
  .object({
    name: z.string().trim().min(1, "Give the queue a name").max(200),
    description: z.string().trim().max(5_000).default(""),
    filter: queueFilterInput,
    sampling: z.enum(QUEUE_SAMPLINGS).default("all"),
    samplePercent: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.coerce.number().int().min(1).max(100).optional(),
    ),
    overlap: z.coerce.number().int().min(1).max(MAX_OVERLAP).default(1),
    isBlind: checkbox.default(true),
    reviewerIds: z.array(z.uuid()).max(200).default([]),
  })
  .refine((v) => v.sampling !== "random-audit" || v.samplePercent !== undefined, {
    message: "Say what share of the rollouts to sample (1–100%)",
    path: ["samplePercent"],
  });
export type CreateQueueInput = z.input<typeof createQueueInput>;

export const queueRefInput = z.object({ queueId: z.uuid() });

export const takeItemInput = z.object({
  queueId: z.uuid(),
  /** Release this item (not labelled) and move on: "n" on an item the reviewer passes. */
  skipItemId: z.uuid().nullish(),
  /** Take this item in particular (a shared item link), if it still has room. */
  itemId: z.uuid().nullish(),
});
export type TakeItemInput = z.input<typeof takeItemInput>;
