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

async function readError(
  response: Response,
): Promise<{ message: string; fieldErrors?: Record<string, string[]> }> {
  const body = (await response.json().catch(() => null)) as {
    error?: { message?: string; fieldErrors?: Record<string, string[]> };
  } | null;
  return {
    message: body?.error?.message ?? `The request failed (${response.status}).`,
    fieldErrors: body?.error?.fieldErrors,
  };
}

/** Saves the whole draft on top of `revision`; a 409 comes back as a conflict, not an error. */
export async function saveTask(
  taskId: string,
  revision: number,
  content: VisibleContent,
): Promise<SaveOutcome> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/tasks/${taskId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...content, revision }),
    });
  } catch {
    throw new SaveError("Could not reach the studio. Your edits are still here; try again.");
  }
  if (response.status === 409) {
    const body = (await response.json()) as { error: { message: string }; conflict: ConflictDetails };
    return { kind: "conflict", message: body.error.message, conflict: body.conflict };
  }
  if (!response.ok) {
    const { message, fieldErrors } = await readError(response);
    throw new SaveError(message, fieldErrors);
  }
  const task = (await response.json()) as { revision: number; updatedAt: string };
  return { kind: "saved", revision: task.revision, updatedAt: task.updatedAt };
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error((await readError(response)).message);
  return (await response.json()) as T;
}

export function fetchRevisions(taskId: string): Promise<RevisionSummary[]> {
  return getJson<{ items: RevisionSummary[] }>(`/api/v1/tasks/${taskId}/revisions`).then((b) => b.items);
}

export function fetchRevision(taskId: string, revision: number): Promise<RevisionDetail> {
  return getJson<RevisionDetail>(`/api/v1/tasks/${taskId}/revisions/${revision}`);
}

export async function uploadFile(
  taskId: string,
  file: File,
): Promise<{ fileId: string; name: string; mediaType: string; size: number; sha256: string }> {
  const response = await fetch(`/api/v1/tasks/${taskId}/files?filename=${encodeURIComponent(file.name)}`, {
    method: "POST",
    headers: { "content-type": file.type || "application/octet-stream" },
    body: file,
  });
  if (!response.ok) throw new Error((await readError(response)).message);
  return response.json();
}
