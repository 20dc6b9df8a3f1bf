"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, useTransition } from "react";
import { JobProgress } from "@/components/jobs/job-progress";
import { JobStateBadge } from "@/components/jobs/job-state-badge";
import { useLiveJob } from "@/components/jobs/use-live-job";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { cancelJob } from "@/lib/jobs/actions";
import { describeJobState } from "@/lib/jobs/job-state";
import { jobKeys } from "@/lib/jobs/query-keys";
import { listJudgingChoices, startJudging } from "@/lib/judges/actions";
import type { JudgingChoice } from "@/lib/judges/judging-choices";

const count = new Intl.NumberFormat("en-US");

/** A judging job, live: progress, tokens and cost so far, Cancel. */
function JudgingJob({
  jobId,
  judgeHref,
  canCancel,
}: {
  jobId: string;
  judgeHref: string;
  canCancel: boolean;
}) {
  const queryClient = useQueryClient();
  const { data: job, error, dataUpdatedAt } = useLiveJob(jobId);
  const cancel = useMutation({
    mutationFn: async () => {
      const result = await cancelJob(jobId);
      if (!result.ok) throw new Error(result.error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.job(jobId) }),
  });
  if (error) return <p className="text-sm text-danger">{error.message}</p>;
  if (!job) return <p className="text-sm text-fg-muted">Starting…</p>;
  const isActive = job.status === "queued" || job.status === "running";
  const usage = job.usage ?? { inputTokens: 0, outputTokens: 0, costUsd: 0 };
  return (
    <section aria-label="Judging job" className="flex flex-col gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center gap-3">
        <JobStateBadge job={job} />
        <p className="text-sm tabular-nums" data-testid="judging-usage">
          {count.format(usage.inputTokens)} input + {count.format(usage.outputTokens)} output tokens · $
          {usage.costUsd.toFixed(4)} so far
        </p>
        <div className="ml-auto flex gap-2">
          <Link href={judgeHref} className="text-sm text-accent hover:underline">
            Judge page
          </Link>
          <Link href="/jobs" className="text-sm text-accent hover:underline">
            Jobs
          </Link>
          {canCancel && isActive ? (
            <Button size="sm" variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel judging
            </Button>
          ) : null}
        </div>
      </div>
      <JobProgress job={job} now={dataUpdatedAt || Date.now()} />
      {job.error ? (
        <p className={job.status === "failed" ? "text-sm text-danger" : "text-sm text-fg-muted"}>
          {describeJobState(job).detail ?? job.error}
        </p>
      ) : null}
      {cancel.error ? <p className="text-sm text-danger">{cancel.error.message}</p> : null}
    </section>
  );
}

/**
 * "Judge these rollouts": pick a judge of the filtered rollouts' environment and judge exactly the
 * rollouts the filter matches there now, in the background.
 */
export function JudgeRolloutsPanel({
  filter,
  canCancel,
  label = "Judge these rollouts",
}: {
  filter: Record<string, string>;
  canCancel: boolean;
  label?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [choices, setChoices] = useState<JudgingChoice[] | null>(null);
  const [judgeId, setJudgeId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<{ jobId: string; judgeHref: string; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const chosen = choices?.find((c) => c.judgeId === judgeId) ?? null;

  function open() {
    setIsOpen(true);
    setError(null);
    startTransition(async () => {
      const result = await listJudgingChoices(filter);
      if (!result.ok) return setError(result.error.message);
      setChoices(result.data.choices);
      const first = result.data.choices.find((c) => c.matching > 0) ?? result.data.choices[0];
      setJudgeId(first?.judgeId ?? "");
    });
  }

  function start() {
    if (!chosen) return;
    setError(null);
    startTransition(async () => {
      const result = await startJudging({ judgeId: chosen.judgeId, purpose: "run", filter });
      if (!result.ok) return setError(result.error.message);
      setStarted({
        jobId: result.data.job.id,
        judgeHref: `/environments/${chosen.environment}/judges/${chosen.judgeId}`,
        text: `${chosen.judge} version ${result.data.version} is judging ${count.format(result.data.matching ?? 0)} rollouts of ${chosen.environment}.`,
      });
    });
  }

  if (!isOpen) {
    return (
      <Button variant="secondary" onClick={open}>
        {label}
      </Button>
    );
  }
  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
      aria-label={label}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-medium">{label}</h2>
        <Button size="sm" variant="ghost" onClick={() => setIsOpen(false)}>
          Close
        </Button>
      </div>
      {choices === null && !error ? <p className="text-sm text-fg-muted">Counting the rollouts…</p> : null}
      {choices && choices.length === 0 ? (
        <p className="text-sm text-fg-muted">
          No judge grades these rollouts yet. Create one on an environment's Judges page.
        </p>
      ) : null}
      {choices && choices.length > 0 ? (
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Judge" htmlFor="judge-these-judge">
            <Select id="judge-these-judge" value={judgeId} onChange={(e) => setJudgeId(e.target.value)}>
              {choices.map((c) => (
                <option key={c.judgeId} value={c.judgeId}>
                  {c.judge} ({c.environment}): {count.format(c.matching)} matching
                </option>
              ))}
            </Select>
          </Field>
          <Button disabled={isPending || !chosen || chosen.matching === 0} onClick={start}>
            {chosen ? `Judge ${count.format(chosen.matching)} rollouts` : "Judge"}
          </Button>
        </div>
      ) : null}
      {chosen ? (
        <p className="text-xs text-fg-muted">
          Judges the rollouts of {chosen.environment} this filter matches now (rollouts added later are left
          out). Re-judging with a new version adds judgments; earlier ones and human labels stay.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {started ? (
        <>
          <p role="status" className="text-sm text-success">
            Started: {started.text}
          </p>
          <JudgingJob jobId={started.jobId} judgeHref={started.judgeHref} canCancel={canCancel} />
        </>
      ) : null}
    </section>
  );
}
