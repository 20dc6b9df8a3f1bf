import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { type Job, jobs } from "@/db/schema";
import { getBoss } from "./boss";
import type { JobKind } from "./define-job-kind";
import { claimJob, executeClaimedJob } from "./run-job";

const TERMINAL = new Set(["succeeded", "failed", "cancelled"]);
const POLL_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readJob(jobId: string): Promise<Job> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!row) throw new Error(`job ${jobId} is gone`);
  return row;
}

/**
 * Runs a queued job in this process until it ends (retrying here with the kind's backoff), for
 * callers that answer with its result: `studio import`, a foreground API import. If a worker
 * claimed it first, waits for that worker instead. If this process dies, the job's heartbeat
 * stops and a worker resumes it.
 */
export async function runJobHere({
  kind,
  jobId,
  onUpdate,
}: {
  kind: JobKind<unknown>;
  jobId: string;
  /** Called with the job row as it changes (about every POLL_MS). */
  onUpdate?: (job: Job) => void;
}): Promise<Job> {
  let isDone = false;
  const watcher = (async () => {
    while (!isDone) {
      await sleep(POLL_MS);
      if (!isDone) onUpdate?.(await readJob(jobId));
    }
  })();
  try {
    for (;;) {
      const row = await readJob(jobId);
      if (TERMINAL.has(row.status)) return row;
      const claimed = await claimJob(jobId, null);
      if (!claimed) {
        await sleep(POLL_MS);
        continue;
      }
      const outcome = await executeClaimedJob({ kind, job: claimed, boss: await getBoss() });
      if (outcome === "retrying") await sleep(kind.retryDelaySeconds * 1000 * 2 ** (claimed.attempts - 1));
    }
  } finally {
    isDone = true;
    await watcher.catch(() => {});
  }
}
