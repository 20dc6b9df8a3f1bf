import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type Environment, environments, environmentVersions } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { type LifecycleState, type LifecycleStep, planLifecycleStep } from "./lifecycle";

// What the lifecycle verbs share: the environment locked for the step, its state, and the step's
// status change with its audit row, all inside the caller's transaction.

export async function loadLifecycleState(
  executor: Executor,
  environment: Environment,
): Promise<LifecycleState & { latestVersion: number }> {
  const [row] = await executor
    .select({
      latest: sql<number>`coalesce(max(${environmentVersions.version}), 0)::int`,
      live: sql<number>`count(*) filter (where ${environmentVersions.publishedAt} is not null and ${environmentVersions.retiredAt} is null)::int`,
    })
    .from(environmentVersions)
    .where(eq(environmentVersions.environmentId, environment.id));
  const [latest] = await executor
    .select({ publishedAt: environmentVersions.publishedAt })
    .from(environmentVersions)
    .where(eq(environmentVersions.environmentId, environment.id))
    .orderBy(desc(environmentVersions.version))
    .limit(1);
  return {
    status: environment.status,
    hasLiveVersion: row.live > 0,
    hasUnpublishedVersion: latest !== undefined && latest.publishedAt === null,
    latestVersion: row.latest,
  };
}

/** The environment, locked against concurrent steps, after checking the step is possible now. */
export async function beginLifecycleStep(executor: Executor, ctx: Ctx, slug: string, step: LifecycleStep) {
  const found = await findEnvironmentBySlug(executor, ctx, slug);
  const [environment] = await executor
    .select()
    .from(environments)
    .where(eq(environments.id, found.id))
    .for("update");
  if (environment.archivedAt)
    throw new AppError("bad_request", "This environment is archived. Restore it first.");
  const state = await loadLifecycleState(executor, environment);
  const plan = planLifecycleStep(step, state);
  if (!plan.ok) throw new AppError("conflict", plan.reason);
  return { environment, state, to: plan.to };
}

export async function setStatus(
  executor: Executor,
  ctx: Ctx,
  {
    environment,
    to,
    step,
    details = {},
  }: {
    environment: Environment;
    to: Environment["status"];
    step: LifecycleStep;
    details?: Record<string, unknown>;
  },
) {
  await executor
    .update(environments)
    .set({ status: to })
    .where(and(eq(environments.id, environment.id), eq(environments.workspaceId, ctx.workspace.id)));
  await recordAudit(executor, ctx.actor, {
    workspaceId: ctx.workspace.id,
    action: `environment.${step}`,
    targetType: "environment",
    targetId: environment.id,
    details: { slug: environment.slug, from: environment.status, to, ...details },
  });
}
