import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import { SEVERITY_TONE } from "@/lib/scanners/flag-view";
import type { DetectorRow } from "@/lib/scanners/metrics-queries";
import type { SignatureSettingRow } from "@/lib/scanners/queries";
import { MetricCell } from "./metric-cell";
import { SignatureSetting } from "./signature-setting";

/** Each signature (and the LLM scanner): what it looks for, what it raised, how far it can be trusted. */
export function SignatureTable({
  detectors,
  settings,
  canManage,
}: {
  detectors: DetectorRow[];
  settings: Map<string, SignatureSettingRow>;
  canManage: boolean;
}) {
  return (
    <Table aria-label="Signatures">
      <thead>
        <tr>
          <Th>Signature</Th>
          <Th>Severity</Th>
          <Th className="text-right">Flagged rollouts</Th>
          <Th className="text-right">Flags confirmed / rejected</Th>
          <Th>Split</Th>
          <Th>Precision</Th>
          <Th>Recall</Th>
          <Th>False-positive rate</Th>
        </tr>
      </thead>
      <tbody>
        {detectors.flatMap((d) => {
          const setting = settings.get(d.info.id);
          const isEnabled = setting?.isEnabled ?? true;
          return (["development", "held-out"] as const).map((split, i) => (
            <tr
              key={`${d.info.id}-${split}`}
              data-signature={d.info.id}
              className={i === 0 ? "" : "text-fg-muted"}
            >
              {i === 0 ? (
                <>
                  <Td rowSpan={2} className="max-w-sm align-top">
                    <Link
                      href={`/rollouts?signature=${d.info.id}`}
                      className="font-medium text-fg hover:text-accent"
                    >
                      {d.info.title}
                    </Link>
                    <p className="font-mono text-[11px] text-fg-muted">{d.info.id}</p>
                    <p className="mt-1 text-xs text-fg-muted">{d.info.description}</p>
                  </Td>
                  <Td rowSpan={2} className="align-top">
                    {canManage ? (
                      <SignatureSetting
                        signature={d.info.id}
                        title={d.info.title}
                        isEnabled={isEnabled}
                        severity={setting?.severity ?? null}
                        defaultSeverity={d.info.severity}
                      />
                    ) : (
                      <Badge
                        tone={isEnabled ? SEVERITY_TONE[setting?.severity ?? d.info.severity] : "neutral"}
                      >
                        {isEnabled ? (setting?.severity ?? d.info.severity) : "off"}
                      </Badge>
                    )}
                  </Td>
                  <Td rowSpan={2} className="text-right align-top tabular-nums">
                    {d.flaggedRollouts}
                  </Td>
                  <Td rowSpan={2} className="text-right align-top tabular-nums">
                    {d.confirmed} / {d.rejected}
                  </Td>
                </>
              ) : null}
              <Td className="whitespace-nowrap text-xs">{split}</Td>
              <Td>
                <MetricCell value={d.metrics[split].precision} />
              </Td>
              <Td>
                <MetricCell value={d.metrics[split].recall} />
              </Td>
              <Td>
                <MetricCell value={d.metrics[split].falsePositiveRate} />
              </Td>
            </tr>
          ));
        })}
      </tbody>
    </Table>
  );
}
