import Link from "next/link";
import { RewardValue } from "@/components/rollouts/reward-value";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import type { CorpusEntry } from "@/lib/labels/corpus-queries";
import { buildSpanHref } from "@/lib/labels/label-record";
import { formatDateTime } from "@/lib/rollouts/format";
import { CorpusStatusForm } from "./corpus-status-form";
import { describeSpan } from "./span-draft";

/** The reward-hack corpus: where each hack happened, how it was decided, its spans and its status. */
export function CorpusTable({
  entries,
  categoryNames,
  canEditStatus,
}: {
  entries: CorpusEntry[];
  categoryNames: ReadonlyMap<string, string>;
  canEditStatus: boolean;
}) {
  return (
    <Table aria-label="Reward-hack corpus">
      <thead>
        <tr>
          <Th>Rollout</Th>
          <Th>Environment · task</Th>
          <Th>Categories</Th>
          <Th>Spans</Th>
          <Th>Decided</Th>
          <Th>Revision</Th>
          <Th>Status</Th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.rolloutId} className="align-top">
            <Td>
              <Link
                href={`/review/rollouts/${entry.rolloutId}`}
                className="font-medium text-accent hover:underline"
              >
                {entry.externalId ?? entry.rolloutId.slice(0, 8)}
              </Link>
              <span className="block text-xs text-fg-muted">
                {entry.model ?? "unknown model"} · reward <RewardValue reward={entry.reward} />
              </span>
            </Td>
            <Td className="text-xs">
              {entry.environment?.name ?? "No environment"}
              <span className="block font-mono text-fg-muted">{entry.task?.key ?? "—"}</span>
            </Td>
            <Td>
              <ul className="flex flex-wrap gap-1 text-xs">
                {entry.categories.map((key) => (
                  <li key={key} className="rounded-full bg-danger/10 px-2 py-0.5 text-danger">
                    {categoryNames.get(key) ?? key}
                  </li>
                ))}
              </ul>
            </Td>
            <Td>
              <ul className="flex flex-col gap-0.5 text-xs">
                {entry.spans.map((span) => (
                  <li key={span.id}>
                    <Link
                      href={buildSpanHref(`/review/rollouts/${entry.rolloutId}`, span)}
                      className="text-accent hover:underline"
                    >
                      {describeSpan(span)}
                    </Link>
                    {span.comment ? <span className="text-fg-muted"> · {span.comment}</span> : null}
                  </li>
                ))}
              </ul>
            </Td>
            <Td className="text-xs">
              <Badge tone={entry.source === "adjudicated" ? "accent" : "neutral"}>{entry.source}</Badge>
              <span className="block text-fg-muted">
                {entry.labelCount} label{entry.labelCount === 1 ? "" : "s"} ·{" "}
                {formatDateTime(entry.decidedAt)}
              </span>
            </Td>
            <Td className="text-xs tabular-nums">
              {entry.revisionInForce ? `rev ${entry.revisionInForce}` : "—"}
              {entry.task?.currentRevision != null ? (
                <span className="block text-fg-muted">now rev {entry.task.currentRevision}</span>
              ) : null}
            </Td>
            <Td>
              {canEditStatus ? (
                <CorpusStatusForm
                  rolloutId={entry.rolloutId}
                  status={entry.status}
                  fixedInRevision={entry.fixedInRevision}
                  suggestedRevision={
                    entry.task?.currentRevision != null ? String(entry.task.currentRevision) : null
                  }
                />
              ) : entry.status === "fixed" ? (
                <Badge tone="success">fixed in rev {entry.fixedInRevision}</Badge>
              ) : (
                <Badge tone="danger">open</Badge>
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
