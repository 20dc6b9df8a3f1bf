"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import { importKeys } from "@/lib/imports/query-keys";
import { describeSkippedRecords } from "@/lib/imports/skipped-records";
import { fetchImportRun } from "./upload-files";

const numberFormat = new Intl.NumberFormat("en-US");

/**
 * Live counts of a background import; polls until the run completes, then refreshes the page so
 * "Recent imports" shows the run's final counts and name without a reload.
 */
export function ImportProgress({ runId }: { runId: string }) {
  const router = useRouter();
  const { data: run, error } = useQuery({
    queryKey: importKeys.run(runId),
    queryFn: () => fetchImportRun(runId),
    refetchInterval: (query) =>
      query.state.data?.status === "completed" || query.state.data?.status === "failed" ? false : 1_000,
  });
  const isFinished = run?.status === "completed" || run?.status === "failed";
  useEffect(() => {
    if (isFinished) router.refresh();
  }, [isFinished, router]);
  if (error) return <p className="text-sm text-danger">{error.message}</p>;
  if (!run) return <p className="text-sm text-fg-muted">Starting the import…</p>;
  const isDone = run.status === "completed" || run.status === "failed";
  const fraction = run.bytesTotal ? Math.min(1, run.bytesRead / run.bytesTotal) : isDone ? 1 : 0;
  return (
    <section aria-label="Import progress" className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <Badge tone={run.status === "failed" ? "danger" : isDone ? "success" : "accent"}>{run.status}</Badge>
        {run.name ? <span className="text-sm font-medium">{run.name}</span> : null}
        <span className="text-sm text-fg-muted">{run.source}</span>
      </div>
      <progress
        className="h-2 w-full accent-[var(--accent)]"
        value={Math.round(fraction * 100)}
        max={100}
        aria-label="Import progress"
      />
      <dl className="grid grid-cols-4 gap-3 text-sm">
        {(
          [
            ["Imported", run.imported],
            ["Skipped (already imported)", run.skipped],
            ["Failed", run.failed],
            // Linking happens only into a chosen environment; without one there is nothing to count.
            ...(run.environment ? ([["Not linked to a task", run.unlinked]] as const) : []),
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md border border-border p-3">
            <dt className="text-xs text-fg-muted">{label}</dt>
            <dd
              className="text-lg font-semibold tabular-nums"
              data-testid={`import-${label.split(" ")[0].toLowerCase()}`}
            >
              {numberFormat.format(value)}
            </dd>
          </div>
        ))}
      </dl>
      {run.files.some((f) => f.skippedRecords || f.warnings?.length) ? (
        <ul aria-label="Import notes" className="flex flex-col gap-1 text-sm">
          {run.files.flatMap((f) =>
            [describeSkippedRecords(f.skippedRecords), ...(f.warnings ?? [])].filter(Boolean).map((note) => (
              <li key={`${f.file}: ${note}`}>
                <span className="font-mono text-xs">{f.file}</span>: {note}
              </li>
            )),
          )}
        </ul>
      ) : null}
      {run.errors.length > 0 ? (
        <Table aria-label="Import errors">
          <thead>
            <tr>
              <Th>File</Th>
              <Th>Where</Th>
              <Th>Reason</Th>
            </tr>
          </thead>
          <tbody>
            {run.errors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: errors have no id and never reorder
              <tr key={i}>
                <Td className="font-mono text-xs">{e.file}</Td>
                <Td className="whitespace-nowrap">
                  {e.line ? `line ${e.line}` : e.record ? `record ${e.record}` : "whole file"}
                </Td>
                <Td>{e.message}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {isDone && run.imported + run.skipped > 0 ? (
        <Link href={`/rollouts?run=${run.id}`} className="text-sm font-medium text-accent underline">
          Open the rollouts of this import
        </Link>
      ) : null}
    </section>
  );
}
