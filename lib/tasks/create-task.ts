import "server-only";
import type { Tx } from "@/db/client";
import { type Environment, tasks } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { linkRequirementsById } from "./link-requirements";
import { loadSharedRubricRefs } from "./load-content";
import { insertRevision } from "./revisions";
import { type CreateTaskInput, createTaskInput, type TaskContent } from "./schemas";
import { findEnvironmentBySlug } from "./task-access";
import { writeTaskContent } from "./write-content";

/** Creates a task in an environment of the caller's workspace, as revision 1. */
export async function createTask({
  ctx,
  environmentSlug,
  input,
  message = "Created",
}: {
  ctx: Ctx;
  environmentSlug: string;
  input: CreateTaskInput;
  message?: string;
}) {
  assertCan(ctx, "environments.write");
  const { key, ...fields } = parseInput(createTaskInput, input);
  return runInTransaction(ctx, async (tx) => {
    const environment = await findEnvironmentBySlug(tx, ctx, environmentSlug);
    return insertTask(tx, { ctx, environment, key, content: fields, message });
  });
}

/** Inserts one task with its content, first revision and audit row (inside the caller's transaction). */
export async function insertTask(
  tx: Tx,
  {
    ctx,
    environment,
    key,
    content: rawContent,
    message,
  }: { ctx: Ctx; environment: Environment; key: string; content: TaskContent; message: string },
) {
  if (environment.archivedAt)
    throw new AppError("bad_request", "This environment is archived. Restore it first.");
  const content = linkRequirementsById(rawContent);
  const userId = actorUserId(ctx.actor);
  const [task] = await tx
    .insert(tasks)
    .values({ environmentId: environment.id, key, title: content.title, revision: 1, createdById: userId })
    .onConflictDoNothing({ target: [tasks.environmentId, tasks.key] })
    .returning();
  if (!task) {
    throw new AppError("conflict", `A task with the key "${key}" already exists in this environment.`, {
      fieldErrors: { key: ["This key is taken in this environment."] },
    });
  }
  await writeTaskContent(
    tx,
    { taskId: task.id, workspaceId: ctx.workspace.id, environmentId: environment.id, userId },
    content,
  );
  const shared = content.sharedRubricId
    ? ((await loadSharedRubricRefs(tx, [content.sharedRubricId])).get(content.sharedRubricId) ?? null)
    : null;
  await insertRevision(tx, {
    taskId: task.id,
    revision: 1,
    key,
    content,
    sharedRubric: shared,
    actor: ctx.actor,
    message,
  });
  await recordAudit(tx, ctx.actor, {
    workspaceId: ctx.workspace.id,
    action: "task.create",
    targetType: "task",
    targetId: task.id,
    details: { environment: environment.slug, key, title: content.title },
  });
  return { id: task.id, key: task.key, revision: 1 };
}
