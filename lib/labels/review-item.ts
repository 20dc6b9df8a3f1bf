import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { rollouts } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { TRANSCRIPT_WINDOW_MAX_CHARS, TRANSCRIPT_WINDOW_SIZE } from "@/lib/rollouts/query-keys";
import { getRollout, listMessages } from "@/lib/rollouts/transcript-queries";
import { listTaskCriteria } from "./criteria-queries";
import { listRolloutLabels } from "./queries";
import { listTaxonomy } from "./taxonomy-queries";
import { reviewerKeyOf } from "./visibility";

/** Everything the review view of one rollout needs, the first transcript window included. */
export async function loadReviewItem({
  ctx,
  rolloutId,
  isBlind,
}: {
  ctx: Ctx;
  rolloutId: string;
  isBlind: boolean;
}) {
  const rollout = await getRollout({ ctx, id: rolloutId });
  const [taxonomy, labels, firstWindow] = await Promise.all([
    listTaxonomy({ ctx }),
    listRolloutLabels({ ctx, rolloutId: rollout.id, isBlind }),
    listMessages({
      ctx,
      rolloutId: rollout.id,
      input: { offset: 0, limit: TRANSCRIPT_WINDOW_SIZE, maxChars: TRANSCRIPT_WINDOW_MAX_CHARS },
    }),
  ]);
  const criteria = await listTaskCriteria({ ctx, taskId: await findTaskId(ctx, rollout.id) });
  return { rollout, taxonomy, criteria, ...labels, firstWindow, myReviewerKey: reviewerKeyOf(ctx) };
}

async function findTaskId(ctx: Ctx, rolloutId: string): Promise<string | null> {
  const [row] = await db
    .select({ taskId: rollouts.taskId })
    .from(rollouts)
    .where(and(eq(rollouts.workspaceId, ctx.workspace.id), eq(rollouts.id, rolloutId)));
  return row?.taskId ?? null;
}
