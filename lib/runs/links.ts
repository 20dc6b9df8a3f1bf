// Links from a run's figures to the transcripts behind them (the Rollouts list, filtered).

export function stepRolloutsHref(runId: string, step: number | null, task?: string): string {
  const params = new URLSearchParams({ run: runId });
  if (step !== null) params.set("step", String(step));
  if (task) params.set("task", task);
  return `/rollouts?${params}`;
}

/** "checkpoint" for evaluation runs (metadata.kind or type `eval`/`evaluation`), else "step". */
export function stepNoun(metadata: Record<string, unknown>): "step" | "checkpoint" {
  const kind = String(metadata.kind ?? metadata.type ?? "").toLowerCase();
  return kind.startsWith("eval") ? "checkpoint" : "step";
}
