"use client";

import { LazyDiffViewer } from "@/components/editor/lazy-diff-viewer";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/rollouts/format";
import type { ConflictDetails } from "@/lib/tasks/conflict";
import { formatTaskAsText } from "@/lib/tasks/format-task";
import type { VisibleContent } from "@/lib/tasks/hidden-material";

/** A refused save: what changed meanwhile, theirs beside mine, and the author's three ways out. */
export function ConflictNotice({
  conflict,
  mine,
  isSaving,
  onOverwrite,
  onTakeTheirs,
  onDismiss,
}: {
  conflict: ConflictDetails;
  mine: VisibleContent;
  isSaving: boolean;
  onOverwrite: () => void;
  onTakeTheirs: () => void;
  onDismiss: () => void;
}) {
  return (
    <section
      role="alert"
      aria-label="Save conflict"
      className="flex flex-col gap-3 rounded-lg border border-warning/60 bg-warning/5 p-4"
    >
      <h2 className="text-base font-semibold">Not saved: this task changed since you opened it</h2>
      <p className="text-sm">
        {conflict.currentAuthor || "Someone"} saved revision {conflict.currentRevision} at{" "}
        {formatDateTime(conflict.currentAt)} (you were editing revision {conflict.baseRevision}). Your edits
        are still in the editor.
      </p>
      {conflict.changes.length ? (
        <p className="text-sm">
          They changed: <strong>{conflict.changes.map((c) => `${c.label} (${c.change})`).join(", ")}</strong>.
        </p>
      ) : null}
      <p className="text-xs text-fg-muted">
        Left: the saved revision {conflict.currentRevision}. Right: your draft.
      </p>
      <LazyDiffViewer
        original={formatTaskAsText(conflict.current)}
        modified={formatTaskAsText(mine)}
        height={360}
      />
      <div className="flex flex-wrap gap-2">
        <Button onClick={onOverwrite} disabled={isSaving}>
          Save mine as revision {conflict.currentRevision + 1}
        </Button>
        <Button variant="secondary" onClick={onTakeTheirs} disabled={isSaving}>
          Discard mine, load theirs
        </Button>
        <Button variant="ghost" onClick={onDismiss}>
          Keep editing
        </Button>
      </div>
    </section>
  );
}
