"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { apiFetch } from "@/lib/api-fetch";
import { describeJobState } from "@/lib/jobs/job-state";
import { jobKeys } from "@/lib/jobs/query-keys";
import { JOB_STATUSES, type JobOutput, type JobStatus } from "@/lib/jobs/schemas";
import { JobCard } from "./job-card";

type JobList = { items: JobOutput[]; nextCursor: string | null };

async function fetchJobs(status: JobStatus | ""): Promise<JobList> {
  const params = new URLSearchParams({ limit: "50" });
  if (status) params.set("status", status);
  return apiFetch<JobList>(`/api/v1/jobs?${params}`, { fallbackError: "Could not load the jobs." });
}

/** Live list of the workspace's jobs: refreshes every second while any is queued or running. */
export function JobsList({ initial, canManage }: { initial: JobList; canManage: boolean }) {
  const [status, setStatus] = useState<JobStatus | "">("");
  const { data, error, dataUpdatedAt } = useQuery({
    queryKey: jobKeys.list({ status }),
    queryFn: () => fetchJobs(status),
    initialData: status === "" ? initial : undefined,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.items.some((j) => j.status === "queued" || j.status === "running") ? 1_000 : 5_000,
  });
  return (
    <div className="flex flex-col gap-4">
      <label className="flex items-center gap-2 text-sm text-fg-muted">
        Status
        <select
          className="h-8 rounded-md border border-border bg-surface px-2 text-fg"
          value={status}
          onChange={(event) => setStatus(event.target.value as JobStatus | "")}
        >
          <option value="">all</option>
          {JOB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {describeJobState({ status: s, error: null }).label}
            </option>
          ))}
        </select>
      </label>
      {error ? <p className="text-sm text-danger">{error.message}</p> : null}
      {data && data.items.length === 0 ? (
        <EmptyState title="No jobs">
          Imports, search indexing, judging and scanning run here as background jobs.
        </EmptyState>
      ) : null}
      {data?.items.map((job) => (
        <JobCard key={job.id} job={job} now={dataUpdatedAt || Date.now()} canManage={canManage} />
      ))}
    </div>
  );
}
