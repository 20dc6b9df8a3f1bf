import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { taskRevisions } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { type ContentChange, diffContent } from "./diff-content";
import { joinContent, type VisibleContent } from "./hidden-material";
import { parseHidden, parseSnapshot } from "./snapshot";

// A save based on an old revision is refused, never merged silently: the author gets what changed
// meanwhile (a summary and the current content) and decides.

export type ConflictDetails = {
  baseRevision: number;
  currentRevision: number;
  changes: ContentChange[];
  current: VisibleContent;
  currentAuthor: string;
  currentAt: string;
};

export class TaskConflictError extends AppError {
  readonly details: ConflictDetails;
  constructor(details: ConflictDetails) {
    const who = details.currentAuthor ? ` by ${details.currentAuthor}` : "";
    super(
      "conflict",
      `This task changed since you opened it: revision ${details.currentRevision} was saved${who}. Your edits are kept; review what changed, then save again on top of it or discard yours.`,
    );
    this.details = details;
  }
}

/** Builds the conflict for a save based on `baseRevision` (the caller may read hidden material). */
export async function buildConflict(
  executor: Executor,
  { taskId, baseRevision, includeHidden }: { taskId: string; baseRevision: number; includeHidden: boolean },
): Promise<TaskConflictError> {
  const [latest] = await executor
    .select()
    .from(taskRevisions)
    .where(eq(taskRevisions.taskId, taskId))
    .orderBy(desc(taskRevisions.revision))
    .limit(1);
  const [base] = await executor
    .select()
    .from(taskRevisions)
    .where(and(eq(taskRevisions.taskId, taskId), eq(taskRevisions.revision, baseRevision)));
  const read = (row: typeof latest) => {
    const visible = parseSnapshot(row.snapshot).content;
    return includeHidden ? joinContent(visible, parseHidden(row.hidden)) : visible;
  };
  const current = read(latest);
  return new TaskConflictError({
    baseRevision,
    currentRevision: latest.revision,
    changes: base ? diffContent(read(base), current) : [],
    current,
    currentAuthor: latest.authorName,
    currentAt: latest.createdAt.toISOString(),
  });
}
