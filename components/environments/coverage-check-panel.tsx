"use client";

import Link from "next/link";
import { useId, useState, useTransition } from "react";
import { JobProgress } from "@/components/jobs/job-progress";
import { JobStateBadge } from "@/components/jobs/job-state-badge";
import { useLiveJob } from "@/components/jobs/use-live-job";
import { Button } from "@/components/ui/button";
import { Table, Td, Th } from "@/components/ui/table";
import { describeJobState } from "@/lib/jobs/job-state";
import { startCoverageCheck } from "@/lib/tasks/actions";
import { coverageCheckResult } from "@/lib/tasks/coverage-check-result";

// "Check every task" on the environment's task list (issue #37, item 1): the coverage check of all
// tasks as a background job, with the rules alone or with a provider's model-first review; then each
// task's open findings by who found them (rules, model, both), disputed ones apart, and the review's
// status, tokens and cost. The findings themselves are on each task's page (the answers are cached).

const count = new Intl.NumberFormat("en-US");

function CheckJob({ jobId, slug }: { jobId: string; slug: string }) {
  const { data: job, error, dataUpdatedAt } = useLiveJob(jobId);
  if (error) return <p className="text-sm text-danger">{error.message}</p>;
  if (!job) return <p className="text-sm text-fg-muted">Starting…</p>;
  const parsed = job.result ? coverageCheckResult.safeParse(job.result) : null;
  const result = parsed?.success ? parsed.data : null;
  return (
    <section
      aria-label="Coverage check job"
      className="flex flex-col gap-2 rounded-md border border-border p-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <JobStateBadge job={job} />
        {result ? (
          <p className="text-sm tabular-nums" data-testid="coverage-check-usage">
            {result.mode === "model"
              ? `${count.format(result.usage.inputTokens)} input + ${count.format(result.usage.outputTokens)} output tokens · $${result.usage.costUsd.toFixed(4)}`
              : "rules only: no model was asked"}
          </p>
        ) : null}
        <Link href="/jobs" className="ml-auto text-sm text-accent hover:underline">
          Jobs
        </Link>
      </div>
      <JobProgress job={job} now={dataUpdatedAt || Date.now()} />
      {job.error ? (
        <p className={job.status === "failed" ? "text-sm text-danger" : "text-sm text-fg-muted"}>
          {describeJobState(job).detail ?? job.error}
        </p>
      ) : null}
      {result ? (
        <Table aria-label="Coverage check by task">
          <thead>
            <tr>
              <Th>Task</Th>
              <Th className="text-right">Errors</Th>
              <Th className="text-right">Warnings</Th>
              <Th>Found by</Th>
              <Th className="text-right">Disputed</Th>
              <Th>Model review</Th>
            </tr>
          </thead>
          <tbody>
            {result.tasks.map((t) => (
              <tr key={t.task} data-task={t.task}>
                <Td>
                  <Link
                    href={`/environments/${slug}/tasks/${encodeURIComponent(t.task)}`}
                    className="font-mono text-xs text-accent hover:underline"
                  >
                    {t.task}
                  </Link>
                  <p className="text-[11px] text-fg-muted">
                    {Object.entries(t.byKind)
                      .map(([kind, n]) => `${kind} ${n}`)
                      .join(" · ")}
                  </p>
                </Td>
                <Td className="text-right tabular-nums">{t.errors}</Td>
                <Td className="text-right tabular-nums">{t.warnings}</Td>
                <Td className="text-xs text-fg-muted">
                  rules {t.bySource.rules} · model {t.bySource.model} · both {t.bySource.both}
                </Td>
                <Td className="text-right tabular-nums">{t.disputed}</Td>
                <Td className="text-xs">
                  {t.review === null ? (
                    <span className="text-fg-muted">not asked</span>
                  ) : t.review.status === "reviewed" ? (
                    <span>reviewed{t.review.cached ? " (from the cache)" : ""}</span>
                  ) : (
                    <span className="text-danger">
                      {t.review.status}
                      {t.review.message ? `: ${t.review.message}` : ""}
                    </span>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </section>
  );
}

export function CoverageCheckPanel({
  slug,
  providers,
}: {
  slug: string;
  /** Providers the viewer may ask; empty: the rules alone. */
  providers: { id: string; name: string; model: string }[];
}) {
  const [providerId, setProviderId] = useState("");
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const selectId = useId();
  function start() {
    setError(null);
    startTransition(async () => {
      const result = await startCoverageCheck({ environment: slug, providerId: providerId || undefined });
      if (!result.ok) return setError(result.error.message);
      setJobId(result.data.jobId);
    });
  }
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="font-medium">
          Check every task
        </label>
        <select
          id={selectId}
          value={providerId}
          onChange={(e) => setProviderId(e.target.value)}
          className="rounded-md border border-border bg-surface px-2 py-1 text-xs"
        >
          <option value="">Rules only</option>
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              Rules and model review: {p.name} ({p.model})
            </option>
          ))}
        </select>
        <Button size="sm" variant="secondary" disabled={isPending} onClick={start}>
          {isPending ? "Starting…" : "Run the coverage check"}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {jobId ? <CheckJob jobId={jobId} slug={slug} /> : null}
    </div>
  );
}
