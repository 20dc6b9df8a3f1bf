import Link from "next/link";
import { IntervalText } from "@/components/reports/interval-text";
import { Table, Td, Th } from "@/components/ui/table";
import { formatDecimal, formatPercent } from "@/lib/reports/format";
import { stepRolloutsHref } from "@/lib/runs/links";
import type { RunStep } from "@/lib/runs/queries";
import { wilsonInterval } from "@/lib/stats/wilson";
import { HACK_RATES } from "@/lib/values/hack-rates";

// The figures of every step, each row linking to that step's transcripts.

export function StepTable({ runId, steps, noun }: { runId: string; steps: RunStep[]; noun: string }) {
  const hasFlags = steps.some((s) => s.flagRate !== null);
  return (
    <Table aria-label={`Per ${noun}`}>
      <thead>
        <tr>
          <Th className="capitalize">{noun}</Th>
          <Th className="text-right">Rollouts</Th>
          <Th className="text-right">Mean reward (± sd)</Th>
          <Th className="text-right">Pass rate</Th>
          <Th className="text-right">Gave up</Th>
          {hasFlags ? (
            <Th className="text-right" title={HACK_RATES.flagRate.definition}>
              {HACK_RATES.flagRate.name}
            </Th>
          ) : null}
          {hasFlags ? <Th>Flags by signature</Th> : null}
          <Th className="text-right">Messages</Th>
          <Th className="text-right">Tool calls</Th>
          <Th>Transcripts</Th>
        </tr>
      </thead>
      <tbody>
        {steps.map((s) => (
          <tr key={s.step ?? "none"} data-testid={`step-row-${s.step ?? "none"}`}>
            <Td className="tabular-nums">{s.step ?? "—"}</Td>
            <Td className="text-right tabular-nums">
              {s.rollouts}
              {s.running > 0 ? (
                <span className="block text-xs text-fg-muted">{s.running} running</span>
              ) : null}
            </Td>
            <Td className="text-right tabular-nums">
              {formatDecimal(s.meanReward)}
              {s.rewardStdDev !== null ? ` ± ${formatDecimal(s.rewardStdDev)}` : ""}
            </Td>
            <Td className="text-right tabular-nums">{formatPercent(s.passRate)}</Td>
            <Td className="text-right tabular-nums">{formatPercent(s.giveUpRate)}</Td>
            {hasFlags ? (
              <Td className="text-right" data-testid="step-flag-rate">
                <IntervalText interval={wilsonInterval(s.flagged, s.scanned)} />
              </Td>
            ) : null}
            {hasFlags ? (
              <Td className="text-xs tabular-nums" data-testid="step-signatures">
                {Object.entries(s.flagRates)
                  .sort(([x, a], [y, b]) => b - a || x.localeCompare(y))
                  .map(([signature, rate]) => (
                    <Link
                      key={signature}
                      href={`${stepRolloutsHref(runId, s.step)}&signature=${encodeURIComponent(signature)}`}
                      className="mr-2 inline-block text-accent hover:underline"
                    >
                      {signature} {formatPercent(rate)}
                    </Link>
                  ))}
              </Td>
            ) : null}
            <Td className="text-right tabular-nums">{formatDecimal(s.meanMessages, 1)}</Td>
            <Td className="text-right tabular-nums">{formatDecimal(s.meanToolCalls, 1)}</Td>
            <Td>
              <Link href={stepRolloutsHref(runId, s.step)} className="text-accent hover:underline">
                Read {noun} {s.step ?? "—"}
              </Link>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
