// The one way benchmarks summarize repeated measurements.

/** The value below which `p` percent of `values` fall (nearest rank; 0 when there are none). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const median = (values: number[]) => percentile(values, 50);
