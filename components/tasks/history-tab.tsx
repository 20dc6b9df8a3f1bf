"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { LazyDiffViewer } from "@/components/editor/lazy-diff-viewer";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { formatDateTime } from "@/lib/rollouts/format";
import { restoreTaskRevision } from "@/lib/tasks/actions";
import { diffContent } from "@/lib/tasks/diff-content";
import { formatTaskAsText } from "@/lib/tasks/format-task";
import { taskKeys } from "@/lib/tasks/query-keys";
import { fetchRevision, fetchRevisions } from "./task-api";

/** Every save with its author and time; diff any two; restore one as a new revision. */
export function HistoryTab({
  taskId,
  revision,
  isDirty,
  canWrite,
}: {
  taskId: string;
  revision: number;
  isDirty: boolean;
  canWrite: boolean;
}) {
  const router = useRouter();
  const revisions = useQuery({ queryKey: taskKeys.revisions(taskId), queryFn: () => fetchRevisions(taskId) });
  const latest = revisions.data?.[0]?.revision ?? revision;
  const [picked, setPicked] = useState<{ from: number | null; to: number | null }>({ from: null, to: null });
  const to = picked.to ?? latest;
  const from = picked.from ?? Math.max(1, to - 1);
  const left = useQuery({
    queryKey: taskKeys.revision(taskId, from),
    queryFn: () => fetchRevision(taskId, from),
    enabled: revisions.isSuccess,
  });
  const right = useQuery({
    queryKey: taskKeys.revision(taskId, to),
    queryFn: () => fetchRevision(taskId, to),
    enabled: revisions.isSuccess,
  });
  const [restoreMessage, setRestoreMessage] = useState<string | null>(null);

  async function handleRestore(target: number) {
    if (
      isDirty &&
      !window.confirm("You have unsaved edits. Restoring replaces them with the restored revision. Continue?")
    )
      return;
    const result = await restoreTaskRevision({ taskId, revision: target, baseRevision: revision });
    if (!result.ok) return setRestoreMessage(result.error.message);
    if (result.data.kind === "conflict") {
      return setRestoreMessage(
        `Someone saved revision ${result.data.conflict.currentRevision} meanwhile. Reload the page, then restore again.`,
      );
    }
    router.refresh();
  }

  if (revisions.isPending) return <p className="text-sm text-fg-muted">Loading the history…</p>;
  if (revisions.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {revisions.error.message}
      </p>
    );
  const items = revisions.data;
  const changes = left.data && right.data ? diffContent(left.data.content, right.data.content) : [];
  return (
    <div className="flex flex-col gap-6">
      <ol
        className="flex flex-col divide-y divide-border rounded-md border border-border"
        aria-label="Revisions"
      >
        {items.map((r) => (
          <li key={r.revision} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
            <span className="font-mono tabular-nums">r{r.revision}</span>
            <span>{r.authorName}</span>
            <span className="text-fg-muted">{formatDateTime(r.createdAt)}</span>
            {r.message ? <span className="text-fg-muted">· {r.message}</span> : null}
            {r.revision === latest ? <Badge tone="accent">current</Badge> : null}
            {canWrite && r.revision !== latest ? (
              <Button
                size="sm"
                variant="ghost"
                className="ml-auto"
                onClick={() => void handleRestore(r.revision)}
              >
                Restore r{r.revision}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {restoreMessage ? (
        <p role="alert" className="text-sm text-danger">
          {restoreMessage}
        </p>
      ) : null}
      {items.length > 1 ? (
        <section aria-label="Compare revisions" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <Field label="From" htmlFor="diff-from">
              <Select
                id="diff-from"
                value={from}
                onChange={(e) => setPicked({ from: Number(e.target.value), to })}
              >
                {items.map((r) => (
                  <option key={r.revision} value={r.revision}>
                    r{r.revision} · {r.authorName}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="To" htmlFor="diff-to">
              <Select
                id="diff-to"
                value={to}
                onChange={(e) => setPicked({ from, to: Number(e.target.value) })}
              >
                {items.map((r) => (
                  <option key={r.revision} value={r.revision}>
                    r{r.revision} · {r.authorName}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <p className="text-sm" role="status">
            {changes.length === 0
              ? "No differences."
              : `Changed: ${changes.map((c) => `${c.label} (${c.change})`).join(", ")}`}
          </p>
          {left.data && right.data ? (
            <LazyDiffViewer
              original={formatTaskAsText(left.data.content, { isHiddenRedacted: left.data.isHiddenRedacted })}
              modified={formatTaskAsText(right.data.content, {
                isHiddenRedacted: right.data.isHiddenRedacted,
              })}
            />
          ) : (
            <p className="text-sm text-fg-muted">Loading the revisions…</p>
          )}
        </section>
      ) : (
        <p className="text-sm text-fg-muted">Save again to compare revisions.</p>
      )}
    </div>
  );
}
