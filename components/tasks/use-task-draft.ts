"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ConflictDetails } from "@/lib/tasks/conflict";
import type { VisibleContent } from "@/lib/tasks/hidden-material";
import { taskKeys } from "@/lib/tasks/query-keys";
import { SaveError, saveTask } from "./task-api";

export type DraftState = {
  draft: VisibleContent;
  revision: number;
  isDirty: boolean;
  isSaving: boolean;
  savedAt: string | null;
  error: { message: string; fieldErrors: Record<string, string[]> } | null;
  conflict: ConflictDetails | null;
  /** Bumped when the draft is replaced from outside (editors remount to show it). */
  generation: number;
  update: (patch: Partial<VisibleContent>) => void;
  save: () => void;
  /** Conflict: save mine on top of the current revision. */
  overwrite: () => void;
  /** Conflict: drop my edits and take the current revision. */
  takeTheirs: () => void;
  dismissConflict: () => void;
};

/**
 * The editor's draft and its saves. The draft is never replaced by a failed save: errors and
 * conflicts show beside it, and the author decides what to do with their edits.
 */
export function useTaskDraft({
  taskId,
  initial,
  revision,
}: {
  taskId: string;
  initial: VisibleContent;
  revision: number;
}): DraftState {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const [base, setBase] = useState(revision);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ConflictDetails | null>(null);
  const [generation, setGeneration] = useState(0);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const isDirty = JSON.stringify(draft) !== saved;

  const mutation = useMutation({
    mutationFn: ({ content, on }: { content: VisibleContent; on: number }) => saveTask(taskId, on, content),
    onSuccess: (outcome, { content }) => {
      if (outcome.kind === "conflict") {
        setConflict(outcome.conflict);
        return;
      }
      setConflict(null);
      setBase(outcome.revision);
      setSaved(JSON.stringify(content));
      setSavedAt(outcome.updatedAt);
      void queryClient.invalidateQueries({ queryKey: taskKeys.task(taskId) });
    },
  });

  const save = useCallback(() => {
    if (mutation.isPending) return;
    mutation.mutate({ content: draftRef.current, on: base });
  }, [mutation, base]);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  const error = mutation.error
    ? {
        message: mutation.error.message,
        fieldErrors: mutation.error instanceof SaveError ? mutation.error.fieldErrors : {},
      }
    : null;

  return {
    draft,
    revision: base,
    isDirty,
    isSaving: mutation.isPending,
    savedAt,
    error,
    conflict,
    generation,
    update: (patch) => setDraft((current) => ({ ...current, ...patch })),
    save,
    overwrite: () => {
      if (!conflict) return;
      mutation.mutate({ content: draftRef.current, on: conflict.currentRevision });
    },
    takeTheirs: () => {
      if (!conflict) return;
      setDraft(conflict.current);
      setSaved(JSON.stringify(conflict.current));
      setBase(conflict.currentRevision);
      setConflict(null);
      setGeneration((g) => g + 1);
    },
    dismissConflict: () => setConflict(null),
  };
}
