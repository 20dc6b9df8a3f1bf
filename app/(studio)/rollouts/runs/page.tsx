import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { DeleteRunButton } from "@/components/rollouts/delete-run-button";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, Td, Th } from "@/components/ui/table";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { can } from "@/lib/permissions/rules";
import { formatCount, formatDateTime } from "@/lib/rollouts/format";
import { listRuns } from "@/lib/rollouts/queries";

export const metadata: Metadata = { title: "Runs" };

const STATUS_TONE = {
  pending: "neutral",
  running: "accent",
  completed: "success",
  failed: "danger",
} as const;

export default async function RunsPage() {
  const { ctx } = await getWorkspacePageContext("/rollouts/runs");
  const runs = await listRuns({ ctx });
  const canDelete = can(ctx.role, "runs.delete");
  return (
    <>
      <PageHeader
        title="Runs"
        description="Each import is a run, and so is each live training or evaluation run streamed in through the API. Open one to see its behaviour step by step. Deleting a run deletes its rollouts."
        actions={
          <Link href="/rollouts" className={buttonVariants({ variant: "ghost" })}>
            ← Rollouts
          </Link>
        }
      />
      {runs.length === 0 ? (
        <EmptyState title="No runs yet">Runs appear here when you import rollouts.</EmptyState>
      ) : (
        <div className="rounded-lg border border-border bg-surface">
          <Table aria-label="Runs">
            <thead>
              <tr>
                <Th>Source</Th>
                <Th>Format</Th>
                <Th>Status</Th>
                <Th className="text-right">Rollouts</Th>
                <Th className="text-right">Skipped</Th>
                <Th className="text-right">Failed</Th>
                <Th>Started</Th>
                {canDelete ? <Th className="text-right">Actions</Th> : null}
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id}>
                  <Td className="max-w-xs">
                    <Link
                      href={`/rollouts/runs/${run.id}`}
                      className="break-words font-medium hover:text-accent"
                    >
                      {run.source}
                    </Link>
                    {run.model ? <span className="block text-xs text-fg-muted">{run.model}</span> : null}
                    <Link
                      href={`/rollouts?run=${run.id}`}
                      className="block text-xs text-fg-muted hover:underline"
                    >
                      rollouts
                    </Link>
                  </Td>
                  <Td className="font-mono text-xs">{run.kind === "live" ? "live" : run.format}</Td>
                  <Td>
                    <Badge tone={STATUS_TONE[run.status]}>{run.status}</Badge>
                  </Td>
                  <Td className="text-right tabular-nums">{formatCount(run.rolloutCount)}</Td>
                  <Td className="text-right tabular-nums">{formatCount(run.skipped)}</Td>
                  <Td className={`text-right tabular-nums ${run.failed > 0 ? "text-danger" : ""}`}>
                    {formatCount(run.failed)}
                  </Td>
                  <Td className="whitespace-nowrap text-fg-muted">{formatDateTime(run.createdAt)}</Td>
                  {canDelete ? (
                    <Td className="text-right">
                      <DeleteRunButton runId={run.id} source={run.source} rolloutCount={run.rolloutCount} />
                    </Td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
