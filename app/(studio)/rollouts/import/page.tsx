import type { Metadata } from "next";
import Link from "next/link";
import { ImportForm } from "@/components/imports/import-form";
import { PageHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { Table, Td, Th } from "@/components/ui/table";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { getUploadLimits } from "@/lib/imports/limits";
import { listEnvironmentChoices, listRecentRuns } from "@/lib/imports/queries";
import { formatDateTime } from "@/lib/rollouts/format";

export const metadata: Metadata = { title: "Import rollouts" };

export default async function ImportPage() {
  const { ctx } = await getWorkspacePageContext("/rollouts/import");
  const [environments, runs] = await Promise.all([listEnvironmentChoices({ ctx }), listRecentRuns({ ctx })]);
  return (
    <>
      <PageHeader
        title="Import rollouts"
        description="Bring in transcripts from any harness. Big files import in the background: you can leave this page and come back."
      />
      <div className="flex flex-col gap-6">
        <Section title="Files">
          <ImportForm environments={environments} limits={getUploadLimits()} />
        </Section>
        <Section title="Recent imports">
          {runs.length === 0 ? (
            <p className="text-sm text-fg-muted">No imports yet.</p>
          ) : (
            <Table aria-label="Recent imports">
              <thead>
                <tr>
                  <Th>Started</Th>
                  <Th>Import</Th>
                  <Th>Format</Th>
                  <Th>Status</Th>
                  <Th className="text-right">Imported · skipped · failed</Th>
                </tr>
              </thead>
              <tbody>
                {runs.map((run) => (
                  <tr key={run.id}>
                    <Td className="whitespace-nowrap">{formatDateTime(run.createdAt)}</Td>
                    <Td className="max-w-80 truncate" title={run.source}>
                      <Link href={`/rollouts?run=${run.id}`} className="text-accent underline">
                        {run.name ?? run.source}
                      </Link>
                      {run.name ? (
                        <span className="block truncate text-xs text-fg-muted">{run.source}</span>
                      ) : null}
                    </Td>
                    <Td>{run.format}</Td>
                    <Td>
                      <Badge
                        tone={
                          run.status === "failed"
                            ? "danger"
                            : run.status === "completed"
                              ? "success"
                              : "accent"
                        }
                      >
                        {run.status}
                      </Badge>
                    </Td>
                    <Td className="text-right tabular-nums">
                      {run.imported} · {run.skipped} · {run.failed}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Section>
      </div>
    </>
  );
}
