import { computeProgressFigures, formatDuration } from "@/lib/jobs/progress-figures";
import type { JobOutput } from "@/lib/jobs/schemas";

const count = new Intl.NumberFormat("en-US");
const rate = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** A job's progress bar with its counts, rate and time left. */
export function JobProgress({ job, now }: { job: JobOutput; now: number }) {
  const { fraction, itemsPerSecond, secondsLeft } = computeProgressFigures(job, now);
  const percent = fraction === null ? null : Math.round(fraction * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <progress
        className="h-2 w-full accent-[var(--accent)]"
        max={100}
        {...(percent === null ? {} : { value: percent })}
        aria-label={`${job.title} progress`}
      />
      <p
        className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted tabular-nums"
        data-testid="job-counts"
      >
        <span>
          {count.format(job.done)}
          {job.total !== null ? ` of ${count.format(job.total)}` : ""} done
        </span>
        <span className={job.failed > 0 ? "text-danger" : undefined}>{count.format(job.failed)} failed</span>
        {percent !== null ? <span>{percent}%</span> : null}
        {itemsPerSecond !== null ? <span>{rate.format(itemsPerSecond)}/s</span> : null}
        {secondsLeft !== null ? <span>about {formatDuration(secondsLeft)} left</span> : null}
      </p>
    </div>
  );
}
