import type { z } from "zod";
import type { Ctx } from "@/lib/auth/context";
import type { Permission } from "@/lib/permissions/rules";

/** Reports a job's progress; writes are batched (about once a second) and refused once the job is cancelled. */
export type ProgressReporter = {
  /** How many items the job will process, once known. */
  setTotal(total: number): void;
  /** Items finished (`n` more, default 1). */
  addDone(n?: number): void;
  /** One item failed: counted, and the item and reason kept for the Jobs page. */
  addFailed(item: string, message: string): void;
  /** How far along (0–1) when items aren't known up front (an import reads bytes). */
  setFraction(fraction: number): void;
  /** Absolute counts, for a handler that recounts after resuming; `clearErrors` drops earlier attempts' item errors. */
  set(counts: { total?: number | null; done?: number; failed?: number; clearErrors?: boolean }): void;
  /** Writes what was reported now (the runner flushes at the end anyway). */
  flush(): Promise<void>;
};

/** What a handler gets for one attempt of one job. */
export type JobRun<P> = {
  job: { id: string; kind: string; workspaceId: string; attempt: number; maxAttempts: number };
  /** Whoever started the job, as they are now: their current role in the job's workspace. */
  ctx: Ctx;
  payload: P;
  /** Aborted when the job is cancelled, when this worker stops, or when another worker took the job over. */
  signal: AbortSignal;
  progress: ProgressReporter;
};

/** Why a job attempt's signal was aborted. */
export type AbortReason = "cancelled" | "shutdown" | "superseded";

export type JobUsage = { inputTokens: number; outputTokens: number; costUsd: number };

export type JobOutcome = "succeeded" | "failed" | "cancelled";

/** `P` is the payload a handler gets; `I` what callers enqueue (before the schema's defaults). */
export type JobKind<P = unknown, I = P> = {
  /** Unique name; also the pg-boss queue (letters, digits, `-`). */
  kind: string;
  payload: z.ZodType<P, I>;
  /** Checked against the starter's current role before every attempt; a lost right fails the job. */
  permission?: Permission;
  /** Attempts in all (first try + retries) before the job fails for good. Default 3. */
  maxAttempts: number;
  /** Seconds before the first retry; doubled each time, with jitter (pg-boss retryBackoff). Default 10. */
  retryDelaySeconds: number;
  /**
   * pg-boss's hard limit for one attempt: past it pg-boss delivers the job again even if its worker
   * is alive (the runner then ignores the delivery while the worker's heartbeat is fresh).
   */
  expireInSeconds: number;
  /** Jobs of this kind one worker process runs at once (never more than its --concurrency). */
  maxPerWorker: number;
  /**
   * Does the work. Must be idempotent by a key (a job runs again after a crash, and may be delivered
   * twice): store effects with unique keys, skip what is already done. May return a small JSON
   * object: the job's result.
   */
  handler(run: JobRun<P>): Promise<unknown>;
  /** What a job of this kind has spent so far (tokens, dollars), shown with its progress. */
  usage?(jobId: string): Promise<JobUsage>;
  /** Runs once when the job ends for good (succeeded, failed, cancelled): clean-up such as upload folders. */
  onSettled?(args: { payload: P; outcome: JobOutcome; reason: string | null }): Promise<void>;
};

/** Declares a job kind; list it in lib/jobs/registry.ts, with its title, so workers run it. */
export function defineJobKind<P, I = P>(
  definition: Pick<JobKind<P, I>, "kind" | "payload" | "handler"> & Partial<JobKind<P, I>>,
): JobKind<P, I> {
  if (!/^[a-z][a-z0-9-]*$/.test(definition.kind))
    throw new Error(`Job kind "${definition.kind}": use lowercase letters, digits and hyphens.`);
  return {
    maxAttempts: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 6 * 60 * 60,
    maxPerWorker: Number.POSITIVE_INFINITY,
    ...definition,
  };
}

/** A job that must not be retried (bad input, a lost right): the job fails at once with this reason. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}
