import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import type { JudgeVersionSummary } from "@/lib/judges/queries";
import { DeployButton } from "./deploy-button";
import { SeededBadge } from "./seeded-badge";

const TONE = { draft: "neutral", deployed: "success", retired: "warning" } as const;

export function JudgeVersionsTable({
  base,
  versions,
  canDeploy,
}: {
  base: string;
  versions: JudgeVersionSummary[];
  canDeploy: boolean;
}) {
  return (
    <Table aria-label="Judge versions">
      <thead>
        <tr>
          <Th>Version</Th>
          <Th>Status</Th>
          <Th>Models</Th>
          <Th>Fingerprint</Th>
          <Th>Calibration</Th>
          <Th>Judgments</Th>
          <Th>Cost</Th>
          <Th className="text-right">Actions</Th>
        </tr>
      </thead>
      <tbody>
        {versions.map((v) => (
          <tr key={v.id}>
            <Td>
              <Link className="text-accent hover:underline" href={`${base}?version=${v.version}`}>
                v{v.version}
              </Link>
            </Td>
            <Td>
              <Badge tone={TONE[v.status]}>{v.status}</Badge>
            </Td>
            <Td className="text-xs">{v.models.join(", ")}</Td>
            <Td className="font-mono text-xs">{v.fingerprint.slice(0, 12)}</Td>
            <Td>
              {v.isCalibrationPassed === null
                ? "not yet"
                : v.isCalibrationPassed
                  ? "passed"
                  : "below the bar"}{" "}
              <SeededBadge note={v.seeded} />
            </Td>
            <Td>
              {v.judgments}
              {v.unevaluable > 0 ? (
                <span className="text-fg-muted"> ({v.unevaluable} unevaluable)</span>
              ) : null}
            </Td>
            <Td>${v.costUsd.toFixed(4)}</Td>
            <Td className="text-right">
              {canDeploy && v.status !== "deployed" ? (
                <DeployButton versionId={v.id} version={v.version} />
              ) : null}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
