import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/db/client";
import { type Environment, environments, type Task, tasks } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";

// Finds a task or an environment inside the caller's workspace only. Anything else, including a
// malformed id, is "not found" (never "forbidden", which would reveal that it exists).

const uuid = z.uuid();

export function assertUuid(id: string): string {
  if (!uuid.safeParse(id).success) throw new AppError("not_found", "Task not found.");
  return id;
}

export async function findEnvironmentBySlug(
  executor: Executor,
  ctx: Ctx,
  slug: string,
): Promise<Environment> {
  const [environment] = await executor
    .select()
    .from(environments)
    .where(and(eq(environments.workspaceId, ctx.workspace.id), eq(environments.slug, slug)));
  if (!environment) throw new AppError("not_found", `No environment "${slug}" in this workspace.`);
  return environment;
}

export async function findTask(
  executor: Executor,
  ctx: Ctx,
  taskId: string,
): Promise<{ task: Task; environment: Environment }> {
  const [row] = await executor
    .select({ task: tasks, environment: environments })
    .from(tasks)
    .innerJoin(environments, eq(environments.id, tasks.environmentId))
    .where(and(eq(tasks.id, assertUuid(taskId)), eq(environments.workspaceId, ctx.workspace.id)));
  if (!row) throw new AppError("not_found", "Task not found.");
  return row;
}

export async function findTaskByKey(
  executor: Executor,
  ctx: Ctx,
  { slug, key }: { slug: string; key: string },
): Promise<{ task: Task; environment: Environment }> {
  const [row] = await executor
    .select({ task: tasks, environment: environments })
    .from(tasks)
    .innerJoin(environments, eq(environments.id, tasks.environmentId))
    .where(
      and(eq(environments.workspaceId, ctx.workspace.id), eq(environments.slug, slug), eq(tasks.key, key)),
    );
  if (!row) throw new AppError("not_found", "Task not found.");
  return row;
}
