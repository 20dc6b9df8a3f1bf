// Display formatting shared by the rollout pages (pure; safe on server and client).

export function formatReward(reward: number | null | undefined): string {
  if (reward === null || reward === undefined) return "—";
  if (Number.isInteger(reward)) return String(reward);
  return Math.abs(reward) >= 100
    ? reward.toFixed(1)
    : reward.toFixed(3).replace(/0+$/, "").replace(/\.$/, "");
}

/** `2026-01-31 14:05` in UTC, stable between server and browser renders. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "—" : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** A duration between two instants, like `3m 12s`; null when either is missing. */
export function formatDuration(start: Date | null, end: Date | null): string | null {
  if (!start || !end) return null;
  const seconds = Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
  return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
}
