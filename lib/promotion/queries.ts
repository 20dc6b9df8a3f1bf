import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, rollouts, taskOrigins, tasks } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { buildPromotion, type Promotion } from "./build-promotion";
import { loadPromotionEvidence } from "./load-evidence";

// Reads for promotion: the preview of the task a rollout would become, the origin of a task, and
// the tasks already made from a rollout.

export type PromotionPreview = Promotion & {
  rolloutId: string;
  sourceEnvironmentSlug: string | null;
  suggestedKey: string;
  finalVerdict: string | null;
};

function suggestKey(taskKey: string | null, rolloutId: string, kind: Promotion["kind"]): string {
  const base = (taskKey ?? `rollout-${rolloutId.slice(0, 8)}`).slice(0, 100);
  return `${base}-${kind === "hack" ? "hack-resistant" : "from-failure"}`;
}

export async function getPromotionPreview({
  ctx,
  rolloutId,
}: {
  ctx: Ctx;
  rolloutId: string;
}): Promise<PromotionPreview> {
  assertCan(ctx, "environments.write");
  const evidence = await loadPromotionEvidence(db, ctx, rolloutId);
  const promotion = buildPromotion(evidence);
  return {
    ...promotion,
    rolloutId: evidence.rollout.id,
    sourceEnvironmentSlug: evidence.sourceEnvironmentSlug,
    suggestedKey: suggestKey(evidence.rollout.taskKey, evidence.rollout.id, promotion.kind),
    finalVerdict: evidence.finalVerdict,
  };
}

export type TaskOriginView = {
  kind: string;
  reason: string;
  sourceRolloutId: string | null;
  sourceTask: { key: string; title: string; environment: string } | null;
  guard: { kind: string; key: string; hackScore: number | null; referenceScore: number | null } | null;
  createdAt: string;
};

export async function getTaskOrigin({
  ctx,
  taskId,
}: {
  ctx: Ctx;
  taskId: string;
}): Promise<TaskOriginView | null> {
  assertCan(ctx, "environments.read");
  const [row] = await db
    .select({
      origin: taskOrigins,
      sourceKey: tasks.key,
      sourceTitle: tasks.title,
      sourceEnv: environments.slug,
    })
    .from(taskOrigins)
    .leftJoin(tasks, eq(tasks.id, taskOrigins.sourceTaskId))
    .leftJoin(environments, eq(environments.id, tasks.environmentId))
    .where(and(eq(taskOrigins.workspaceId, ctx.workspace.id), eq(taskOrigins.taskId, taskId)));
  if (!row) return null;
  const { origin } = row;
  return {
    kind: origin.kind,
    reason: origin.reason,
    sourceRolloutId: origin.sourceRolloutId,
    sourceTask:
      row.sourceKey && row.sourceEnv
        ? { key: row.sourceKey, title: row.sourceTitle ?? row.sourceKey, environment: row.sourceEnv }
        : null,
    guard: origin.details.guard ?? null,
    createdAt: origin.createdAt.toISOString(),
  };
}

/** Tasks made from a rollout, newest first (shown on the rollout page). */
export async function listTasksFromRollout({ ctx, rolloutId }: { ctx: Ctx; rolloutId: string }) {
  assertCan(ctx, "environments.read");
  return db
    .select({ key: tasks.key, title: tasks.title, environment: environments.slug, kind: taskOrigins.kind })
    .from(taskOrigins)
    .innerJoin(tasks, eq(tasks.id, taskOrigins.taskId))
    .innerJoin(environments, eq(environments.id, tasks.environmentId))
    .innerJoin(rollouts, eq(rollouts.id, taskOrigins.sourceRolloutId))
    .where(and(eq(taskOrigins.workspaceId, ctx.workspace.id), eq(taskOrigins.sourceRolloutId, rolloutId)))
    .orderBy(desc(taskOrigins.createdAt));
}
