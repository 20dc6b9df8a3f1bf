/**
 * Background jobs: one way to do long, retryable work (imports, search indexing, judging, scanning,
 * replays) that survives restarts and spreads over any number of worker processes.
 *
 * Delivery is pg-boss 10 (Postgres, `pgboss` schema) over the studio's own database client, so it
 * works the same on a Postgres server and on the embedded database. The `jobs` table is what users
 * see (kind, workspace, who started it, status, progress, item errors) and each job's lease.
 *
 * Define a kind next to its domain and list it in ./registry.ts (its title, and a loader):
 *
 *   export const judgeJob = defineJobKind({
 *     kind: "judge", permission: "rollouts.read",
 *     payload: z.object({ judgeVersionId: z.string().uuid(), rolloutIds: z.array(z.string().uuid()) }),
 *     maxAttempts: 3, retryDelaySeconds: 30,
 *     async handler({ ctx, payload, signal, progress }) {
 *       progress.setTotal(payload.rolloutIds.length);
 *       for (const id of payload.rolloutIds) {
 *         if (signal.aborted) return;               // cancelled, worker stopping, or taken over
 *         try { await judgeOnce(id); progress.addDone(); }   // idempotent: unique (rollout, judge version)
 *         catch (e) { progress.addFailed(id, String(e)); }
 *       }
 *       return { judged: n };                        // stored as the job's result
 *     },
 *   });
 *
 * Then: `enqueueJob({ ctx, kind: judgeJob, payload, key })` → the job row (status queued). With a
 * key, an identical queued job is returned instead of a second one. `getJob`, `listJobs`,
 * `cancelJob`, `retryJob` take `{ ctx, id }` like every verb. `runJobHere` runs a job in the calling
 * process (for answers that need the result now). `withProviderLimit` (./provider-limit.ts) bounds
 * calls to a model provider across all workers.
 *
 * The promise, and what handlers must do about it:
 * - At least once. A job runs again when its worker dies (heartbeat silent for 4 × HEARTBEAT_MS),
 *   when an attempt throws (up to `maxAttempts`, with exponential backoff), and may be delivered
 *   twice. Handlers are idempotent by a key: effects go in with unique keys (`on conflict do
 *   nothing`), work already done is skipped, and the run resumes where it stopped.
 * - `signal` aborts on cancel, shutdown, or when another worker took the job over: stop promptly.
 * - Throw PermanentJobError for input that will never work: the job fails at once (no retries).
 *   A job that fails its last attempt ends `failed` with the reason: the dead-letter state, shown on
 *   the Jobs page with a Retry button.
 */
export { cancelJob } from "./cancel-job";
export type { JobKind, JobRun, ProgressReporter } from "./define-job-kind";
export { defineJobKind, PermanentJobError } from "./define-job-kind";
export { enqueueJob, prepareJobKind } from "./enqueue-job";
export { enqueueJobs } from "./enqueue-jobs";
export { type ProviderLimits, withProviderLimit } from "./provider-limit";
export { countUnfinishedJobs, getJob, listJobs } from "./queries";
export { retryJob } from "./retry-job";
export { runJobHere } from "./run-here";
export type { JobOutput, JobStatus } from "./schemas";
