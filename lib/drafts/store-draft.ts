import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { type DraftCitation, type DraftExchange, taskDrafts } from "@/db/schema";
import type { TaskContent } from "@/lib/tasks/schemas";

// Drafts go in by (job, position): a job delivered twice, or resumed after a crash, stores each
// draft once and skips the positions it already filled.

export type NewDraft = {
  kind: "grounded" | "flaw" | "variant";
  content: TaskContent;
  reason: string;
  documentId?: string | null;
  sourceTaskId?: string | null;
  citations?: DraftCitation[];
  dropped?: { fact: string; why: string }[];
  exchanges?: DraftExchange[];
};

export type DraftTarget = {
  workspaceId: string;
  environmentId: string;
  /** Null for drafts made outside a job (the demo seed). */
  jobId: string | null;
  createdById: string | null;
};

export async function storeDraft(target: DraftTarget, position: number, draft: NewDraft): Promise<boolean> {
  const rows = await db
    .insert(taskDrafts)
    .values({
      ...target,
      position,
      kind: draft.kind,
      content: draft.content as unknown as Record<string, unknown>,
      reason: draft.reason,
      documentId: draft.documentId ?? null,
      sourceTaskId: draft.sourceTaskId ?? null,
      citations: draft.citations ?? [],
      dropped: draft.dropped ?? [],
      exchanges: draft.exchanges ?? [],
    })
    .onConflictDoNothing({ target: [taskDrafts.jobId, taskDrafts.position] })
    .returning({ id: taskDrafts.id });
  return rows.length > 0;
}

/** Positions a job already filled (a resumed job starts after them). */
export async function countStoredDrafts(jobId: string): Promise<number> {
  const rows = await db
    .select({ id: taskDrafts.id })
    .from(taskDrafts)
    .where(and(eq(taskDrafts.jobId, jobId)));
  return rows.length;
}
