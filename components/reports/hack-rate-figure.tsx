import type { ReactNode } from "react";
import { formatPercent } from "@/lib/reports/format";
import type { WilsonInterval } from "@/lib/stats";
import { HACK_RATES, type HackRateKind } from "@/lib/values/hack-rates";
import { IntervalText } from "./interval-text";

// Every hack rate a page shows goes through here (issue #31, "figures that agree"): its one name and
// definition (lib/values/hack-rates.ts), the estimate with its 95% interval and n, and, for the flag
// rate, the rate corrected for the scanners' measured error beside it.

const NOT_MEASURED: WilsonInterval = { estimate: null, low: null, high: null, successes: 0, n: 0 };

type Corrected = {
  estimate: number | null;
  low: number | null;
  high: number | null;
  reason: string | null;
  sensitivity: WilsonInterval;
  specificity: WilsonInterval;
};

/** The corrected flag rate with its interval and the error it was corrected by, or why there is none. */
export function CorrectedRateText({ corrected }: { corrected: Corrected }) {
  const error = `sensitivity ${formatPercent(corrected.sensitivity.estimate)} (n = ${corrected.sensitivity.n}), specificity ${formatPercent(corrected.specificity.estimate)} (n = ${corrected.specificity.n})`;
  if (corrected.estimate === null || corrected.low === null || corrected.high === null)
    return (
      <span className="text-xs text-fg-muted" data-testid="corrected-rate">
        Not corrected: {corrected.reason ?? "the scanners' error is not measured"}.
      </span>
    );
  return (
    <span
      className="tabular-nums"
      data-testid="corrected-rate"
      title={HACK_RATES.correctedFlagRate.definition}
    >
      <span className="font-medium">{formatPercent(corrected.estimate)}</span>{" "}
      <span className="text-xs text-fg-muted">
        [{formatPercent(corrected.low)}–{formatPercent(corrected.high)}] corrected by the scanners' {error}
      </span>
    </span>
  );
}

/**
 * One hack rate as a `dt`/`dd` pair inside a `dl`. `compact` (the catalog card) keeps the definition
 * in the term's title; elsewhere it is written under the name.
 */
export function HackRateFigure({
  kind,
  interval,
  corrected,
  detail,
  testId,
  compact = false,
  className,
}: {
  kind: HackRateKind;
  /** Null when the version's report does not measure it (shown as n = 0). */
  interval: WilsonInterval | null;
  /** The same rate corrected for the scanners' measured error (the flag rate). */
  corrected?: Corrected | null;
  /** Said under the figure (the flag rate: which rule produced the flagged count). */
  detail?: ReactNode;
  testId?: string;
  compact?: boolean;
  className?: string;
}) {
  const { name, definition } = HACK_RATES[kind];
  return (
    <div className={className} data-hack-rate={kind}>
      <dt className="text-xs text-fg-muted" title={definition}>
        {name}
        {compact ? null : <span className="block">{definition}</span>}
      </dt>
      <dd className="mt-1" data-testid={testId}>
        <IntervalText interval={interval ?? NOT_MEASURED} />
        {corrected ? (
          <span className="mt-1 block">
            <CorrectedRateText corrected={corrected} />
          </span>
        ) : null}
        {detail ? <span className="mt-1 block">{detail}</span> : null}
      </dd>
    </div>
  );
}
