import { z } from "zod";
import { toPatchShape } from "@/lib/tasks/partial-shape";
import { tagList } from "@/lib/tasks/schemas";

// Environment shapes for forms, actions and the API (hand-written: the API shape, not the table).

export const ENVIRONMENT_SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export const environmentSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(ENVIRONMENT_SLUG_RE, "Use lowercase letters, digits and dashes (max 64), e.g. ai-safety-research.");

const fields = {
  name: z.string().trim().min(1, "Name the environment.").max(200),
  description: z.string().max(20_000).default(""),
  domain: z.string().trim().max(100).default(""),
  tags: tagList.default([]),
  /** Reviewers read answer keys while reviewing unless this is off; buyers never do. */
  reviewersSeeAnswerKeys: z.boolean().default(true),
};

export const createEnvironmentInput = z.object({ slug: environmentSlug, ...fields });
export type CreateEnvironmentInput = z.input<typeof createEnvironmentInput>;

export const updateEnvironmentInput = z.object(toPatchShape(fields));
export type UpdateEnvironmentInput = z.input<typeof updateEnvironmentInput>;

/** Splits "a, b,  c" into tags (forms send one comma-separated field). */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}
