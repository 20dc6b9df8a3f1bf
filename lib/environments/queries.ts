import "server-only";
import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { type Environment, environments, rubrics, tasks } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { can } from "@/lib/permissions/rules";
import { canReadAnswerKeys } from "@/lib/tasks/answer-key-access";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";

export type EnvironmentSummary = {
  id: string;
  slug: string;
  name: string;
  description: string;
  domain: string;
  tags: string[];
  status: Environment["status"];
  reviewersSeeAnswerKeys: boolean;
  taskCount: number;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export function toEnvironmentSummary(e: Environment, taskCount: number): EnvironmentSummary {
  return {
    id: e.id,
    slug: e.slug,
    name: e.name,
    description: e.description,
    domain: e.domain,
    tags: e.tags,
    status: e.status,
    reviewersSeeAnswerKeys: e.reviewersSeeAnswerKeys,
    taskCount,
    archivedAt: e.archivedAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export async function listEnvironments({
  ctx,
  includeArchived = false,
}: {
  ctx: Ctx;
  includeArchived?: boolean;
}): Promise<EnvironmentSummary[]> {
  assertCan(ctx, "environments.read");
  const rows = await db
    .select({ environment: environments, taskCount: count(tasks.id) })
    .from(environments)
    .leftJoin(tasks, and(eq(tasks.environmentId, environments.id), isNull(tasks.archivedAt)))
    .where(
      and(
        eq(environments.workspaceId, ctx.workspace.id),
        includeArchived ? undefined : isNull(environments.archivedAt),
      ),
    )
    .groupBy(environments.id)
    .orderBy(desc(environments.updatedAt));
  return rows.map((r) => toEnvironmentSummary(r.environment, r.taskCount));
}

export type EnvironmentOverview = EnvironmentSummary & {
  canWrite: boolean;
  canReadAnswerKeys: boolean;
  sharedRubrics: { id: string; title: string; description: string; revision: number }[];
};

export async function getEnvironmentOverview({
  ctx,
  slug,
}: {
  ctx: Ctx;
  slug: string;
}): Promise<EnvironmentOverview> {
  assertCan(ctx, "environments.read");
  const environment = await findEnvironmentBySlug(db, ctx, slug);
  const [[{ taskCount }], shared] = await Promise.all([
    db
      .select({ taskCount: count() })
      .from(tasks)
      .where(and(eq(tasks.environmentId, environment.id), isNull(tasks.archivedAt))),
    db
      .select({
        id: rubrics.id,
        title: rubrics.title,
        description: rubrics.description,
        revision: rubrics.revision,
      })
      .from(rubrics)
      .where(
        and(eq(rubrics.environmentId, environment.id), isNull(rubrics.taskId), isNull(rubrics.archivedAt)),
      )
      .orderBy(asc(rubrics.title)),
  ]);
  return {
    ...toEnvironmentSummary(environment, taskCount),
    canWrite: can(ctx.role, "environments.write"),
    canReadAnswerKeys: canReadAnswerKeys(ctx, environment),
    sharedRubrics: shared,
  };
}
