const formatCount = (n: number) => n.toLocaleString("en-US");

/** "3 non-transcript records skipped (attachment 2, queue-operation 1)", or "" when none were. */
export function describeSkippedRecords(skipped: Record<string, number> | undefined): string {
  const entries = Object.entries(skipped ?? {}).sort(([, a], [, b]) => b - a);
  if (entries.length === 0) return "";
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  const types = entries.map(([type, count]) => `${type} ${formatCount(count)}`).join(", ");
  return `${formatCount(total)} non-transcript record${total === 1 ? "" : "s"} skipped (${types})`;
}
