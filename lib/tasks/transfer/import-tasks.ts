import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError, isAppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { insertTask } from "../create-task";
import { findEnvironmentBySlug } from "../task-access";
import { parseTaskRows, type RowError, TASK_FORMATS, type TaskFormat } from "./task-rows";

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5_000;

export type ImportTasksResult = {
  imported: number;
  failed: number;
  errors: RowError[];
  tasks: { row: number; key: string; id: string }[];
};

const importTasksInput = z.object({
  environmentSlug: z.string().min(1).max(100),
  format: z.enum(TASK_FORMATS),
  text: z.string().refine((text) => Buffer.byteLength(text) <= MAX_IMPORT_BYTES, {
    message: `Import files are limited to ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
  }),
});

/**
 * Imports tasks from JSONL or CSV into an environment, in one transaction with its audit row. Every
 * valid row becomes a task (revision 1) inside its own savepoint; invalid rows and rows that fail to
 * store (a key that exists) are reported with row, field and message, and don't stop the others.
 */
export async function importTasks({
  ctx,
  ...input
}: {
  ctx: Ctx;
  environmentSlug: string;
  format: TaskFormat;
  text: string;
}): Promise<ImportTasksResult> {
  assertCan(ctx, "environments.write");
  if (Buffer.byteLength(input.text) > MAX_IMPORT_BYTES) {
    throw new AppError("too_large", `Import files are limited to ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
  }
  const { environmentSlug, format, text } = parseInput(importTasksInput, input);
  const { rows, errors } = parseTaskRows(text, format);
  if (rows.length + errors.length > MAX_IMPORT_ROWS) {
    throw new AppError("too_large", `Import at most ${MAX_IMPORT_ROWS} tasks at a time.`);
  }
  return runInTransaction(ctx, async (tx, txCtx) => {
    const environment = await findEnvironmentBySlug(tx, ctx, environmentSlug);
    if (environment.archivedAt)
      throw new AppError("bad_request", "This environment is archived. Restore it first.");
    const seen = new Set<string>();
    const tasks: ImportTasksResult["tasks"] = [];
    for (const { row, task } of rows) {
      const { key, ...content } = task;
      if (seen.has(key)) {
        errors.push({ row, field: "key", message: `The key "${key}" appears on an earlier row.` });
        continue;
      }
      seen.add(key);
      try {
        const created = await runInTransaction(txCtx, (savepoint) =>
          insertTask(savepoint, {
            ctx,
            environment,
            key,
            content,
            message: `Imported from ${format.toUpperCase()}`,
          }),
        );
        tasks.push({ row, key, id: created.id });
      } catch (error) {
        if (!isAppError(error)) throw error;
        const field = error.fieldErrors ? Object.keys(error.fieldErrors)[0] : "(row)";
        errors.push({ row, field, message: error.message });
      }
    }
    errors.sort((a, b) => a.row - b.row);
    const failedRows = new Set(errors.filter((e) => e.row > 0).map((e) => e.row)).size;
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "task.import",
      targetType: "environment",
      targetId: environment.id,
      details: { format, imported: tasks.length, failed: failedRows },
    });
    return { imported: tasks.length, failed: failedRows, errors, tasks };
  });
}
