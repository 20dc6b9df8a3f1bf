import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import { formatDateTime } from "@/lib/rollouts/format";
import type { VersionSummary } from "@/lib/versions/queries";
import { ExportButton } from "./export-button";

/** Approved versions, newest first, with their publication marks and the export control. */
export function VersionsTable({
  slug,
  versions,
  canExport,
}: {
  slug: string;
  versions: VersionSummary[];
  canExport: boolean;
}) {
  if (versions.length === 0) {
    return (
      <p className="text-sm text-fg-muted">
        No approved version yet. An owner approves a submitted draft as v1.
      </p>
    );
  }
  return (
    <Table aria-label="Versions">
      <thead>
        <tr>
          <Th>Version</Th>
          <Th>Approved</Th>
          <Th>Tasks</Th>
          <Th>Samples</Th>
          <Th>Catalog</Th>
          <Th>sha256</Th>
          {canExport ? <Th>Export</Th> : null}
        </tr>
      </thead>
      <tbody>
        {versions.map((v) => (
          <tr key={v.version}>
            <Td className="font-medium">v{v.version}</Td>
            <Td>
              {formatDateTime(v.approvedAt)} by {v.approvedBy}
            </Td>
            <Td className="tabular-nums">{v.tasks}</Td>
            <Td className="tabular-nums">{v.samples}</Td>
            <Td>
              {v.retiredAt ? (
                <Badge>retired</Badge>
              ) : v.publishedAt ? (
                <Badge tone="success">published</Badge>
              ) : (
                <Badge tone="accent">not published</Badge>
              )}
            </Td>
            <Td className="font-mono text-xs" title={v.sha256}>
              {v.sha256.slice(0, 12)}
            </Td>
            {canExport ? (
              <Td>
                <ExportButton slug={slug} version={v.version} />
              </Td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
