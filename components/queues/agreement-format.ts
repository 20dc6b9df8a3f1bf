import type { WilsonInterval } from "@/lib/stats";

// How agreement figures read on the page: two decimals, "—" where a figure is undefined.

export function formatStat(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "—" : value.toFixed(2);
}

export function formatShare(interval: WilsonInterval): string {
  if (interval.estimate === null) return "—";
  const pct = (v: number | null) => `${Math.round((v ?? 0) * 100)}%`;
  return `${pct(interval.estimate)} (${interval.successes}/${interval.n}; 95% CI ${pct(interval.low)}–${pct(interval.high)})`;
}
