import { env } from "@/lib/env";

/** How often a running job's worker writes its heartbeat (and learns of a cancel from elsewhere). */
export const HEARTBEAT_MS = env.JOBS_HEARTBEAT_SECONDS * 1000;
/** A running job whose heartbeat is older than this lost its worker: another worker resumes it. */
export const STALE_AFTER_MS = 4 * HEARTBEAT_MS;
/** How often an idle worker asks pg-boss for jobs (an enqueue in the same process wakes it at once). */
export const POLL_MS = env.JOBS_POLL_SECONDS * 1000;
/** How often workers sweep for lost jobs and run pg-boss maintenance. */
export const SWEEP_MS = Math.max(1_000, HEARTBEAT_MS);
export const MAINTENANCE_MS = 60_000;
