// Display formatting of catalog figures (pure; server and client).

export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return `${Math.round(value * 1000) / 10}%`;
}

export const BAND_LABELS: Record<string, string> = {
  saturated: "Saturated",
  learnable: "Learnable",
  "no-signal": "No signal",
  insufficient: "Too few runs",
};
