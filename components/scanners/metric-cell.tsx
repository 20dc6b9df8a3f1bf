import type { WilsonInterval } from "@/lib/stats/wilson";

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** A rate with its 95% Wilson interval and n, or a dash when nothing was measured. */
export function MetricCell({ value }: { value: WilsonInterval }) {
  if (value.estimate === null || value.low === null || value.high === null)
    return (
      <span className="text-fg-muted" title="No labelled rollouts to measure on yet">
        — (n=0)
      </span>
    );
  return (
    <span
      className="whitespace-nowrap tabular-nums"
      title={`${value.successes} of ${value.n}, 95% Wilson interval`}
    >
      {percent(value.estimate)}{" "}
      <span className="text-xs text-fg-muted">
        [{percent(value.low)}–{percent(value.high)}] n={value.n}
      </span>
    </span>
  );
}
