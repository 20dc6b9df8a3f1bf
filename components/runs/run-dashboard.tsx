"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import { stepNoun } from "@/lib/runs/links";
import type { RunStep } from "@/lib/runs/queries";
import { runKeys } from "@/lib/runs/query-keys";
import { fetchRun, fetchRunSteps, type RunSummaryJson } from "./fetch-run";
import { StepCharts } from "./step-charts";
import { StepCompare } from "./step-compare";
import { StepTable } from "./step-table";
import { TaskPassGrid } from "./task-pass-grid";

// A run's behaviour step by step. While the run is open it polls, so new steps and rollouts appear
// without a reload; once closed it stops.

const STEPS_POLL_MS = 2_000;
const RUN_POLL_MS = 5_000;

export function RunDashboard({
  run: initialRun,
  steps: initialSteps,
}: {
  run: RunSummaryJson;
  steps: RunStep[];
}) {
  const { data: run } = useQuery({
    queryKey: runKeys.run(initialRun.id),
    queryFn: () => fetchRun(initialRun.id),
    initialData: initialRun,
    refetchInterval: (query) => (query.state.data?.status === "running" ? RUN_POLL_MS : false),
  });
  const isLive = run.status === "running";
  const { data: steps, error } = useQuery({
    queryKey: runKeys.steps(run.id),
    queryFn: () => fetchRunSteps(run.id),
    initialData: initialSteps,
    refetchInterval: isLive ? STEPS_POLL_MS : false,
  });
  const noun = stepNoun(run.metadata);
  const total = steps.reduce((n, s) => n + s.rollouts, 0);
  const stepNumbers = steps.flatMap((s) => (s.step === null ? [] : [s.step]));
  return (
    <div className="flex flex-col gap-6">
      <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted" aria-live="polite">
        {isLive ? <Badge tone="accent">live</Badge> : <Badge tone="neutral">{run.status}</Badge>}
        <span data-testid="run-rollout-count">
          {total} rollouts over {stepNumbers.length} {noun}s
        </span>
        {isLive ? <span>· updates every few seconds</span> : null}
        {error ? <span className="text-danger">· {error.message}</span> : null}
      </p>
      {total === 0 ? (
        <EmptyState title="No rollouts yet">
          {isLive ? "Rollouts appear here as the run sends them." : "This run has no rollouts."}
        </EmptyState>
      ) : (
        <>
          <StepCharts runId={run.id} steps={steps} noun={noun} />
          <Section title={`Per ${noun}`} description="Open a row to read that step's transcripts.">
            <StepTable runId={run.id} steps={steps} noun={noun} />
          </Section>
          <Section title="Pass rate per task" description="Each cell opens the transcripts behind it.">
            <TaskPassGrid runId={run.id} steps={steps} noun={noun} />
          </Section>
          <Section title={`Compare two ${noun}s`}>
            <StepCompare runId={run.id} steps={stepNumbers} noun={noun} />
          </Section>
        </>
      )}
    </div>
  );
}
