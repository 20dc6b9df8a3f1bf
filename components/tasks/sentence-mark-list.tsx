"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { SentenceMarkEntry } from "@/lib/tasks/sentence-mark-queries";

/** The workspace's sentence marks: what authors said is background or a requirement, removable. */
export function SentenceMarkList({
  marks,
  canWrite,
  onRemove,
}: {
  marks: SentenceMarkEntry[];
  canWrite: boolean;
  onRemove: (mark: SentenceMarkEntry) => void;
}) {
  if (marks.length === 0) {
    return <p className="text-xs text-fg-muted">No sentence marked yet.</p>;
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Sentence marks">
      {marks.map((mark) => (
        <li key={mark.id} className="flex flex-wrap items-start gap-2 text-xs">
          <Badge tone={mark.verdict === "background" ? "neutral" : "accent"}>{mark.verdict}</Badge>
          <span className="min-w-0 flex-1">“{mark.text}”</span>
          <span className="text-fg-muted">{mark.actorName}</span>
          {canWrite ? (
            <Button size="sm" variant="ghost" className="h-6 px-2 text-xs" onClick={() => onRemove(mark)}>
              Remove
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
