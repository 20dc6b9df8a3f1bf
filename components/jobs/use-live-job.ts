"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-fetch";
import { jobKeys } from "@/lib/jobs/query-keys";
import type { JobOutput } from "@/lib/jobs/schemas";

/** A job as it goes: read every second while it is queued or running, then left alone. */
export function useLiveJob(jobId: string) {
  return useQuery({
    queryKey: jobKeys.job(jobId),
    queryFn: () => apiFetch<JobOutput>(`/api/v1/jobs/${jobId}`, { fallbackError: "Could not load the job." }),
    refetchInterval: (query) =>
      !query.state.data || ["queued", "running"].includes(query.state.data.status) ? 1_000 : false,
  });
}
