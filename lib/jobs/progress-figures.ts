import type { JobOutput } from "./schemas";

// What the Jobs page says about a job's progress: how far, how fast, how long still. Pure, so the
// page and its tests agree.

export type ProgressFigures = {
  /** 0–1, or null when nothing says how far along it is yet. */
  fraction: number | null;
  /** Items finished per second since it started (null before it started or with too little to go on). */
  itemsPerSecond: number | null;
  /** Seconds left at the rate so far, or null when unknown. */
  secondsLeft: number | null;
};

export function computeProgressFigures(
  job: Pick<JobOutput, "status" | "total" | "done" | "failed" | "fraction" | "startedAt" | "finishedAt">,
  now: number,
): ProgressFigures {
  const processed = job.done + job.failed;
  const fraction =
    job.status === "succeeded"
      ? 1
      : job.total !== null && job.total > 0
        ? Math.min(1, processed / job.total)
        : job.fraction;
  const started = job.startedAt ? Date.parse(job.startedAt) : null;
  const end = job.finishedAt ? Date.parse(job.finishedAt) : now;
  const elapsed = started === null ? 0 : (end - started) / 1000;
  const itemsPerSecond = elapsed >= 1 && processed > 0 ? processed / elapsed : null;
  let secondsLeft: number | null = null;
  if (job.status === "running" && fraction !== null && fraction > 0 && fraction < 1 && elapsed >= 1)
    secondsLeft = (elapsed * (1 - fraction)) / fraction;
  return { fraction, itemsPerSecond, secondsLeft };
}

/** "42 s", "3 min", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
