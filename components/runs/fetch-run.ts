import { apiFetch } from "@/lib/api-fetch";
import type { StepComparisonWithExamples } from "@/lib/runs/compare-query";
import type { RunStep, RunSummary } from "@/lib/runs/queries";

// The run page's reads, through the public API (the same routes a script uses).

type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};
export type RunSummaryJson = Json<RunSummary>;

export const fetchRun = (id: string) => apiFetch<RunSummaryJson>(`/api/v1/runs/${id}`);

export const fetchRunSteps = async (id: string) =>
  (await apiFetch<{ items: RunStep[] }>(`/api/v1/runs/${id}/steps`)).items;

export const fetchStepComparison = (id: string, a: number, b: number) =>
  apiFetch<StepComparisonWithExamples>(`/api/v1/runs/${id}/compare?a=${a}&b=${b}`);
