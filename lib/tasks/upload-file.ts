import "server-only";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { taskFiles } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { findTask } from "./task-access";

/** Binary resources larger than this are refused (413); text documents are stored as text instead. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export type UploadedFile = { fileId: string; name: string; mediaType: string; size: number; sha256: string };

/**
 * Stores an uploaded file for a task. Files are immutable and content-addressed per task, so an
 * upload of the same bytes returns the existing file and revisions can always point at theirs.
 * The file becomes a resource when the task is saved with it.
 */
export async function uploadTaskFile({
  ctx,
  taskId,
  file,
}: {
  ctx: Ctx;
  taskId: string;
  file: { name: string; mediaType: string; data: Buffer };
}): Promise<UploadedFile> {
  assertCan(ctx, "environments.write");
  if (file.data.length > MAX_FILE_BYTES) {
    throw new AppError("too_large", `Files are limited to ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
  }
  const name = file.name.replace(/[\\/\0]/g, "_").slice(0, 200) || "file";
  const mediaType = /^[\w.+-]+\/[\w.+-]+$/.test(file.mediaType) ? file.mediaType : "application/octet-stream";
  const sha256 = createHash("sha256").update(file.data).digest("hex");
  return runInTransaction(ctx, async (tx) => {
    const { task } = await findTask(tx, ctx, taskId);
    const findExisting = async () =>
      (
        await tx
          .select({ id: taskFiles.id, size: taskFiles.size })
          .from(taskFiles)
          .where(and(eq(taskFiles.taskId, task.id), eq(taskFiles.sha256, sha256)))
      )[0];
    const existing = await findExisting();
    if (existing) return { fileId: existing.id, name, mediaType, size: existing.size, sha256 };
    // Two uploads of the same bytes at once: the second finds the first's row instead of failing.
    const [row] = await tx
      .insert(taskFiles)
      .values({
        workspaceId: ctx.workspace.id,
        taskId: task.id,
        name,
        mediaType,
        size: file.data.length,
        sha256,
        data: file.data,
        createdById: actorUserId(ctx.actor),
      })
      .onConflictDoNothing({ target: [taskFiles.taskId, taskFiles.sha256] })
      .returning({ id: taskFiles.id });
    if (!row) {
      const winner = await findExisting();
      if (!winner) throw new AppError("conflict", "The same file is being uploaded; try again.");
      return { fileId: winner.id, name, mediaType, size: winner.size, sha256 };
    }
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "task.upload-file",
      targetType: "task",
      targetId: task.id,
      details: { fileId: row.id, name, size: file.data.length, sha256 },
    });
    return { fileId: row.id, name, mediaType, size: file.data.length, sha256 };
  });
}
