import { ApiFetchError, apiFetch } from "@/lib/api-fetch";
import type { ConflictDetails } from "@/lib/tasks/conflict";
import type { VisibleContent } from "@/lib/tasks/hidden-material";
import type { RevisionDetail, RevisionSummary } from "@/lib/tasks/revision-queries";

// Browser-side calls of the task routes (the /api/v1 routes, with the session cookie).

export type SaveOutcome =
  | { kind: "saved"; revision: number; updatedAt: string }
  | { kind: "conflict"; message: string; conflict: ConflictDetails };

export class SaveError extends Error {
  readonly fieldErrors: Record<string, string[]>;
  constructor(message: string, fieldErrors: Record<string, string[]> = {}) {
    super(message);
    this.fieldErrors = fieldErrors;
  }
}

/** Saves the whole draft on top of `revision`; a 409 comes back as a conflict, not an error. */
export async function saveTask(
  taskId: string,
  revision: number,
  content: VisibleContent,
): Promise<SaveOutcome> {
  try {
    const task = await apiFetch<{ revision: number; updatedAt: string }>(`/api/v1/tasks/${taskId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...content, revision }),
    });
    return { kind: "saved", revision: task.revision, updatedAt: task.updatedAt };
  } catch (error) {
    if (!(error instanceof ApiFetchError)) throw error;
    if (error.status === 409) {
      const { conflict } = error.body as { conflict: ConflictDetails };
      return { kind: "conflict", message: error.message, conflict };
    }
    if (error.status === 0)
      throw new SaveError("Could not reach the studio. Your edits are still here; try again.");
    throw new SaveError(error.message, error.fieldErrors);
  }
}

export function fetchRevisions(taskId: string): Promise<RevisionSummary[]> {
  return apiFetch<{ items: RevisionSummary[] }>(`/api/v1/tasks/${taskId}/revisions`).then((b) => b.items);
}

export function fetchRevision(taskId: string, revision: number): Promise<RevisionDetail> {
  return apiFetch<RevisionDetail>(`/api/v1/tasks/${taskId}/revisions/${revision}`);
}

export function uploadFile(
  taskId: string,
  file: File,
): Promise<{ fileId: string; name: string; mediaType: string; size: number; sha256: string }> {
  return apiFetch(`/api/v1/tasks/${taskId}/files?filename=${encodeURIComponent(file.name)}`, {
    method: "POST",
    headers: { "content-type": file.type || "application/octet-stream" },
    body: file,
  });
}
