import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import type { LlmScannerVersionRow } from "@/lib/scanners/llm/llm-queries";
import { LlmDeployButton, LlmScanButton } from "./llm-scanner-buttons";
import { MetricCell } from "./metric-cell";

// The LLM scanner's versions: what each asks, how it did on the held-out split of reviewers' labels
// (the calibration gate), and the buttons that calibrate, deploy and run it.

const STATUS_TONE = { draft: "neutral", deployed: "success", retired: "warning" } as const;
const num = (x: number | null | undefined) => (x === null || x === undefined ? "–" : x.toFixed(2));

export function LlmScannerPanel({
  versions,
  canRun,
  canManage,
}: {
  versions: LlmScannerVersionRow[];
  canRun: boolean;
  canManage: boolean;
}) {
  if (versions.length === 0) return <p className="text-sm text-fg-muted">No LLM scanner version yet.</p>;
  return (
    <Table aria-label="LLM scanner versions">
      <thead>
        <tr>
          <Th>Version</Th>
          <Th>Model</Th>
          <Th>Status</Th>
          <Th>Held-out κ [95%]</Th>
          <Th>Held-out precision</Th>
          <Th>Held-out recall</Th>
          <Th className="text-right">Answered · hacks · unevaluable</Th>
          <Th>Gate</Th>
          <Th />
        </tr>
      </thead>
      <tbody>
        {versions.map((v) => {
          const held = v.calibration?.heldOut;
          return (
            <tr key={v.id} data-llm-version={v.version}>
              <Td className="font-medium">v{v.version}</Td>
              <Td className="text-xs">
                {v.provider} · <span className="font-mono">{v.model}</span>
              </Td>
              <Td>
                <Badge tone={STATUS_TONE[v.status]}>{v.status}</Badge>
              </Td>
              <Td className="tabular-nums">
                {held ? `${num(held.kappa.kappa)} [${num(held.kappa.lower)}, ${num(held.kappa.upper)}]` : "–"}
              </Td>
              <Td>{held ? <MetricCell value={held.precisionMet} /> : "–"}</Td>
              <Td>{held ? <MetricCell value={held.recallMet} /> : "–"}</Td>
              <Td className="text-right tabular-nums">
                {v.answered} · {v.hacks} · {v.unevaluable}
              </Td>
              <Td className="max-w-xs text-xs">
                {v.calibration === null ? (
                  <span className="text-fg-muted">not calibrated</span>
                ) : v.calibration.isPassed ? (
                  <span className="text-success">passed</span>
                ) : (
                  <span className="text-danger">failed: {v.calibration.reasons.join(" ")}</span>
                )}
              </Td>
              <Td>
                <div className="flex flex-col gap-1">
                  {canRun && v.status !== "retired" ? (
                    <LlmScanButton purpose="calibrate" versionId={v.id} version={v.version} />
                  ) : null}
                  {canManage && v.status !== "deployed" && v.calibration !== null ? (
                    <LlmDeployButton versionId={v.id} version={v.version} />
                  ) : null}
                  {canRun && v.status === "deployed" ? (
                    <LlmScanButton purpose="run" version={v.version} />
                  ) : null}
                </div>
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
