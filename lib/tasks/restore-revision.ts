import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { taskRevisions } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { joinContent, toFullContent } from "./hidden-material";
import { parseHidden, parseSnapshot } from "./snapshot";
import { findTask } from "./task-access";
import { updateTask } from "./update-task";

/** Restores an old revision as a new one (history is never rewritten), based on `baseRevision`. */
export async function restoreRevision({
  ctx,
  taskId,
  revision,
  baseRevision,
}: {
  ctx: Ctx;
  taskId: string;
  revision: number;
  baseRevision: number;
}) {
  assertCan(ctx, "environments.write");
  const { task } = await findTask(db, ctx, taskId);
  const [row] = await db
    .select()
    .from(taskRevisions)
    .where(and(eq(taskRevisions.taskId, task.id), eq(taskRevisions.revision, revision)));
  if (!row) throw new AppError("not_found", `Revision ${revision} not found.`);
  const content = toFullContent(joinContent(parseSnapshot(row.snapshot).content, parseHidden(row.hidden)));
  if (!content) throw new AppError("internal", "The revision's checks could not be read back.");
  return updateTask({
    ctx,
    taskId: task.id,
    input: { ...content, revision: baseRevision },
    restoredFrom: revision,
  });
}
