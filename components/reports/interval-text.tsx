import { formatInterval, formatPercent } from "@/lib/reports/format";
import type { WilsonInterval } from "@/lib/stats";

/** A proportion with its Wilson 95% interval and n, never a bare percentage. */
export function IntervalText({ interval }: { interval: WilsonInterval }) {
  if (interval.estimate === null) return <span className="text-fg-muted">— (n = {interval.n})</span>;
  return (
    <span className="tabular-nums" title={formatInterval(interval)}>
      <span className="font-medium">{formatPercent(interval.estimate)}</span>{" "}
      <span className="text-xs text-fg-muted">
        [{formatPercent(interval.low)}–{formatPercent(interval.high)}] n = {interval.n}
      </span>
    </span>
  );
}
