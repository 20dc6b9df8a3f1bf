import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { labels, queueItems, reviewQueues } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { can } from "@/lib/permissions/rules";
import { resolveReviewer } from "./reviewer";

// Blind review: on a rollout that sits in an active blind queue, a reviewer sees only their own
// label until they have submitted one. Adjudicators (owners, authors) always see every label.

/** The `user:`/`api-key:` key of the caller, or null for a shell (which has no labels of its own). */
export function reviewerKeyOf(ctx: Ctx): string | null {
  return ctx.actor.kind === "cli" ? null : resolveReviewer(ctx.actor).reviewerKey;
}

/** A condition on `labels` keeping the rows the caller may see; undefined when they see everything. */
export function buildVisibleLabelCondition(ctx: Ctx): SQL | undefined {
  if (can(ctx.role, "review.adjudicate")) return undefined;
  const me = reviewerKeyOf(ctx) ?? "";
  return sql`(${labels.reviewerKey} = ${me}
    or exists (select 1 from ${labels} as mine where mine.rollout_id = ${labels.rolloutId} and mine.reviewer_key = ${me})
    or not exists (select 1 from ${queueItems} join ${reviewQueues} on ${reviewQueues.id} = ${queueItems.queueId}
      where ${queueItems.rolloutId} = ${labels.rolloutId} and ${reviewQueues.isBlind} and ${reviewQueues.archivedAt} is null))`;
}
