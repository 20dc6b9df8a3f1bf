import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { type Environment, type Task, tasks } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { can } from "@/lib/permissions/rules";
import { type AgentView, buildAgentView } from "./agent-view";
import { canReadAnswerKeys } from "./answer-key-access";
import { loadSharedRubricRefs, loadTaskContents } from "./load-content";
import type { TaskContent } from "./schemas";
import { findEnvironmentBySlug, findTask, findTaskByKey } from "./task-access";
import { type TaskDetail, toTaskDetail } from "./task-detail";

// Reads of tasks, scoped to the caller's workspace. Hidden material is selected only for roles
// allowed to read it in that environment (canReadAnswerKeys).

async function loadDetails(ctx: Ctx, environment: Environment, rows: Task[]): Promise<TaskDetail[]> {
  const includeHidden = canReadAnswerKeys(ctx, environment);
  const contents = await loadTaskContents(db, rows, { includeHidden });
  const sharedIds = [...contents.values()].flatMap((c) => (c.sharedRubricId ? [c.sharedRubricId] : []));
  const shared = await loadSharedRubricRefs(db, sharedIds);
  const canWrite = can(ctx.role, "environments.write");
  return rows.map((task) => {
    const content = contents.get(task.id)!;
    return toTaskDetail({
      task,
      environment,
      content,
      sharedRubric: content.sharedRubricId ? (shared.get(content.sharedRubricId) ?? null) : null,
      canReadAnswerKeys: includeHidden,
      canWrite,
    });
  });
}

export async function getTaskDetail({ ctx, taskId }: { ctx: Ctx; taskId: string }): Promise<TaskDetail> {
  assertCan(ctx, "environments.read");
  const { task, environment } = await findTask(db, ctx, taskId);
  return (await loadDetails(ctx, environment, [task]))[0];
}

export async function getTaskDetailByKey({
  ctx,
  slug,
  key,
}: {
  ctx: Ctx;
  slug: string;
  key: string;
}): Promise<TaskDetail> {
  assertCan(ctx, "environments.read");
  const { task, environment } = await findTaskByKey(db, ctx, { slug, key });
  return (await loadDetails(ctx, environment, [task]))[0];
}

/** Every task of an environment with its content (answer keys only for roles allowed). */
export async function listTaskDetails({
  ctx,
  environmentSlug,
  includeArchived = false,
}: {
  ctx: Ctx;
  environmentSlug: string;
  includeArchived?: boolean;
}): Promise<TaskDetail[]> {
  assertCan(ctx, "environments.read");
  const environment = await findEnvironmentBySlug(db, ctx, environmentSlug);
  const rows = await db
    .select()
    .from(tasks)
    .where(
      and(eq(tasks.environmentId, environment.id), includeArchived ? undefined : isNull(tasks.archivedAt)),
    )
    .orderBy(asc(tasks.key));
  return loadDetails(ctx, environment, rows);
}

/** What the agent receives for a task: never the answer key, the rubric or the checks. */
export async function getAgentView({
  ctx,
  taskId,
}: {
  ctx: Ctx;
  taskId: string;
}): Promise<AgentView & { key: string }> {
  assertCan(ctx, "environments.read");
  const { task } = await findTask(db, ctx, taskId);
  const content = (await loadTaskContents(db, [task], { includeHidden: false })).get(task.id)!;
  return { key: task.key, ...buildAgentView(content as TaskContent) };
}

/** The answer key of a task for a reviewer at work (issue #5), or null where the role may not read it. */
export async function getTaskAnswerKey({
  ctx,
  taskId,
}: {
  ctx: Ctx;
  taskId: string;
}): Promise<string | null> {
  assertCan(ctx, "environments.read");
  const { task, environment } = await findTask(db, ctx, taskId);
  if (!canReadAnswerKeys(ctx, environment)) return null;
  const content = (await loadTaskContents(db, [task], { includeHidden: true })).get(task.id)!;
  return content.answerKey;
}
