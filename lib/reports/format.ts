import type { WilsonInterval } from "@/lib/stats";

// Display formatting of report figures (pure; safe on server and client). A proportion is never shown
// bare: it comes with its 95% interval and its n.

export function formatPercent(value: number | null, digits = 0): string {
  if (value === null || !Number.isFinite(value)) return "—";
  return `${(value * 100).toFixed(digits)}%`;
}

/** `62% (95% CI 48–74%, n = 24)`; `— (n = 0)` when there is nothing to estimate. */
export function formatInterval(interval: WilsonInterval): string {
  if (interval.estimate === null || interval.low === null || interval.high === null)
    return `— (n = ${interval.n})`;
  return `${formatPercent(interval.estimate)} (95% CI ${formatPercent(interval.low).replace("%", "")}–${formatPercent(interval.high)}, n = ${interval.n})`;
}

export function formatDecimal(value: number | null, digits = 2): string {
  if (value === null || !Number.isFinite(value)) return "—";
  return value.toFixed(digits);
}

/** A signed difference in percentage points, like `+12 pp`. */
export function formatPoints(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "—";
  const points = Math.round(value * 100);
  return `${points > 0 ? "+" : ""}${points} pp`;
}

export function formatHours(hours: number | null): string {
  if (hours === null || !Number.isFinite(hours)) return "—";
  // Never a bare 0 for time that was measured: a few seconds read "under 1 min".
  if (hours > 0 && hours < 1 / 120) return "under 1 min";
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  return `${hours.toFixed(1)} h`;
}

/**
 * Authoring time per task with its n: `25 min (n = 4 tasks timed)`; `not timed (n = 0)` when no task
 * was.
 */
export function formatAuthoringTime({
  medianHoursPerTask,
  timedTasks,
}: {
  medianHoursPerTask: number | null;
  /** Null in reports made before untimed tasks were counted apart. */
  timedTasks: number | null;
}): string {
  const n = timedTasks === null ? "" : ` (n = ${formatCountOf(timedTasks, "task")} timed)`;
  if (medianHoursPerTask === null || !Number.isFinite(medianHoursPerTask) || timedTasks === 0)
    return `not timed${timedTasks === null ? "" : " (n = 0)"}`;
  return `${formatHours(medianHoursPerTask)}${n}`;
}

export function formatMoney(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "—";
  return `$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function formatPValue(value: number | null): string {
  if (value === null) return "—";
  return value < 0.001 ? "p < 0.001" : `p = ${value.toFixed(3)}`;
}

/** `1 task`, `3 tasks`. */
export function formatCountOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? singular : plural}`;
}
