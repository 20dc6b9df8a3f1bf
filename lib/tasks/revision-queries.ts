import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { taskRevisions } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { canReadAnswerKeys } from "./answer-key-access";
import { joinContent, type VisibleContent } from "./hidden-material";
import { parseHidden, parseSnapshot, type RevisionSnapshot } from "./snapshot";
import { findTask } from "./task-access";

export type RevisionSummary = {
  revision: number;
  authorName: string;
  message: string;
  restoredFrom: number | null;
  createdAt: string;
};

export type RevisionDetail = RevisionSummary & {
  content: VisibleContent;
  sharedRubric: RevisionSnapshot["sharedRubric"];
  isHiddenRedacted: boolean;
};

const summaryColumns = {
  revision: taskRevisions.revision,
  authorName: taskRevisions.authorName,
  message: taskRevisions.message,
  restoredFrom: taskRevisions.restoredFrom,
  createdAt: taskRevisions.createdAt,
};

export async function listRevisions({
  ctx,
  taskId,
}: {
  ctx: Ctx;
  taskId: string;
}): Promise<RevisionSummary[]> {
  assertCan(ctx, "environments.read");
  const { task } = await findTask(db, ctx, taskId);
  const rows = await db
    .select(summaryColumns)
    .from(taskRevisions)
    .where(eq(taskRevisions.taskId, task.id))
    .orderBy(desc(taskRevisions.revision))
    .limit(500);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** One revision in full; the hidden column is selected only for roles allowed to read it. */
export async function getRevision({
  ctx,
  taskId,
  revision,
}: {
  ctx: Ctx;
  taskId: string;
  revision: number;
}): Promise<RevisionDetail> {
  assertCan(ctx, "environments.read");
  const { task, environment } = await findTask(db, ctx, taskId);
  const includeHidden = canReadAnswerKeys(ctx, environment);
  const where = and(eq(taskRevisions.taskId, task.id), eq(taskRevisions.revision, revision));
  const [row] = includeHidden
    ? await db
        .select({ ...summaryColumns, snapshot: taskRevisions.snapshot, hidden: taskRevisions.hidden })
        .from(taskRevisions)
        .where(where)
    : await db
        .select({ ...summaryColumns, snapshot: taskRevisions.snapshot })
        .from(taskRevisions)
        .where(where);
  if (!row) throw new AppError("not_found", `Revision ${revision} not found.`);
  const snapshot = parseSnapshot(row.snapshot);
  const content = "hidden" in row ? joinContent(snapshot.content, parseHidden(row.hidden)) : snapshot.content;
  return {
    revision: row.revision,
    authorName: row.authorName,
    message: row.message,
    restoredFrom: row.restoredFrom,
    createdAt: row.createdAt.toISOString(),
    content,
    sharedRubric: snapshot.sharedRubric,
    isHiddenRedacted: !includeHidden,
  };
}
