import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { taskFiles } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { findTask } from "./task-access";

/** An uploaded file of a task in the caller's workspace (files are agent-visible resources). */
export async function getTaskFile({ ctx, taskId, fileId }: { ctx: Ctx; taskId: string; fileId: string }) {
  assertCan(ctx, "environments.read");
  const { task } = await findTask(db, ctx, taskId);
  if (!z.uuid().safeParse(fileId).success) throw new AppError("not_found", "File not found.");
  const [file] = await db
    .select()
    .from(taskFiles)
    .where(and(eq(taskFiles.id, fileId), eq(taskFiles.taskId, task.id)));
  if (!file) throw new AppError("not_found", "File not found.");
  return file;
}
