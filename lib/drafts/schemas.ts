import { z } from "zod";
import { taskKey } from "@/lib/tasks/schemas";
import { FLAW_KINDS } from "./plant-flaw";

// Inputs of the drafts domain: generating drafts (as a background job) and deciding on them.

export const MAX_DRAFTS_PER_JOB = 20;

const common = {
  environmentId: z.uuid(),
  count: z.coerce.number().int().min(1).max(MAX_DRAFTS_PER_JOB).default(3),
};

/** A job's cap on what it may spend on model calls (USD); it stops, keeping what it drafted. */
const maxCostUsd = z.coerce.number().min(0).max(100).default(1);

export const generateDraftsInput = z.discriminatedUnion("mode", [
  z.object({
    ...common,
    mode: z.literal("grounded"),
    documentId: z.uuid(),
    providerId: z.uuid(),
    maxCostUsd,
  }),
  z.object({ ...common, mode: z.literal("flaw"), documentId: z.uuid(), flawKind: z.enum(FLAW_KINDS) }),
  z.object({
    ...common,
    mode: z.literal("variant"),
    taskId: z.uuid(),
    goal: z.enum(["harden", "split", "add-context"]),
    providerId: z.uuid().optional(),
    maxCostUsd,
  }),
]);
export type GenerateDraftsInput = z.input<typeof generateDraftsInput>;
export type GenerateDrafts = z.output<typeof generateDraftsInput>;

export const acceptDraftInput = z.object({ draftId: z.uuid(), key: taskKey });
export type AcceptDraftInput = z.input<typeof acceptDraftInput>;

export const discardDraftInput = z.object({ draftId: z.uuid() });
