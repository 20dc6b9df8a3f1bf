import "server-only";
import { setMaxListeners } from "node:events";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { type Job, jobs } from "@/db/schema";
import { ensureQueue, getBoss } from "./boss";
import type { JobKind } from "./define-job-kind";
import { loadAllJobKinds } from "./registry";
import { claimJob, executeClaimedJob, requeueJob, settleAbandonedJob } from "./run-job";
import { MAINTENANCE_MS, POLL_MS, STALE_AFTER_MS, SWEEP_MS } from "./timing";
import { onWake } from "./wake";

// A worker: up to `concurrency` jobs at once in this process, fetched from pg-boss's queues (one
// per kind, round robin), plus a sweep that puts back jobs whose worker died (silent heartbeat) or
// whose delivery was lost, and runs pg-boss's maintenance. `studio worker` runs one; so does the
// web server unless WORKERS=0. Any number may run against one database.

export type WorkerHandle = {
  /** Stops fetching, aborts running jobs (they go back to the queue) and waits for them. */
  stop(): Promise<void>;
};

type Delivery = { id: string; data: { jobId?: string } };

export async function startWorker({
  concurrency,
  kinds: only,
}: {
  concurrency: number;
  /** The kinds this worker serves; every kind the registry lists by default. */
  kinds?: JobKind<unknown>[];
}): Promise<WorkerHandle> {
  const kinds = only ?? (await loadAllJobKinds());
  const boss = await getBoss();
  for (const kind of kinds) await ensureQueue(kind.kind);
  const byName = new Map(kinds.map((kind) => [kind.kind, kind]));
  const shutdown = new AbortController();
  setMaxListeners(0, shutdown.signal); // one listener per job running here (--concurrency may be > 10)
  const running = new Map<string, { kind: string; done: Promise<void> }>();
  let wake: (() => void) | null = null;
  const unsubscribe = onWake(() => wake?.());
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const start = (kind: JobKind<unknown>, delivery: Delivery) => {
    const done = (async () => {
      const job = delivery.data?.jobId ? await claimJob(delivery.data.jobId, delivery.id) : null;
      // Not ours to run (cancelled, finished, superseded, or running elsewhere): the delivery is spent.
      if (!job) return void (await boss.complete(kind.kind, delivery.id).catch(() => {}));
      await executeClaimedJob({ kind, job, boss, shutdown: shutdown.signal });
    })()
      .catch((error: unknown) => console.error(`[jobs] ${kind.kind}`, error))
      .finally(() => {
        running.delete(delivery.id);
        wake?.();
      });
    running.set(delivery.id, { kind: kind.kind, done });
  };

  let turn = 0;
  const fetchLoop = async () => {
    while (!shutdown.signal.aborted) {
      let fetched = 0;
      try {
        for (let i = 0; i < kinds.length && running.size < concurrency; i++) {
          const kind = kinds[(turn + i) % kinds.length];
          const busy = [...running.values()].filter((r) => r.kind === kind.kind).length;
          const room = Math.min(concurrency - running.size, kind.maxPerWorker - busy);
          if (room <= 0) continue;
          const deliveries = (await boss.fetch(kind.kind, { batchSize: room })) as Delivery[];
          for (const delivery of deliveries) start(kind, delivery);
          fetched += deliveries.length;
        }
      } catch (error) {
        console.error("[jobs] could not fetch jobs", error);
      }
      turn++;
      if (fetched === 0 || running.size >= concurrency) await pause(POLL_MS);
    }
  };

  let lastMaintenance = 0;
  const sweep = async () => {
    const names = [...byName.keys()];
    for (const job of await listStaleJobs(names)) {
      const kind = byName.get(job.kind) as JobKind<unknown>;
      if (job.attempts >= job.maxAttempts)
        await settleAbandonedJob(kind, job, "The worker running it stopped during its last attempt.");
      else await requeueJob(kind, job, { runToken: job.runToken, refundAttempt: false, onlyIfStale: true });
    }
    for (const job of await listOrphanedJobs(names)) {
      const kind = byName.get(job.kind) as JobKind<unknown>;
      await requeueJob(kind, job, { runToken: null, refundAttempt: false, onlyIfStale: true });
    }
    if (Date.now() - lastMaintenance > MAINTENANCE_MS) {
      lastMaintenance = Date.now();
      await boss.maintain();
    }
  };
  const sweepTimer = setInterval(() => {
    void sweep().catch((error: unknown) => console.error("[jobs] sweep failed", error));
  }, SWEEP_MS);
  sweepTimer.unref();
  void sweep().catch((error: unknown) => console.error("[jobs] sweep failed", error));
  const loop = fetchLoop();

  return {
    async stop() {
      shutdown.abort();
      clearInterval(sweepTimer);
      wake?.();
      await loop;
      await Promise.all([...running.values()].map((r) => r.done));
      unsubscribe();
    },
  };
}

const staleBefore = () => new Date(Date.now() - STALE_AFTER_MS);

/** Running jobs whose heartbeat went silent: their worker died. */
function listStaleJobs(kinds: string[]): Promise<Job[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, "running"), lt(jobs.heartbeatAt, staleBefore()), inArray(jobs.kind, kinds)))
    .limit(100);
}

/**
 * Queued jobs that pg-boss will not deliver: their delivery was fetched by a worker that died
 * before claiming it (active), or ended (completed, failed, cancelled, archived). Reads pg-boss's
 * job table (id, name, state), the one place the studio looks inside it.
 */
async function listOrphanedJobs(kinds: string[]): Promise<Job[]> {
  const orphans = await db.execute<{ id: string }>(sql`
    select j.id from jobs j
    left join pgboss.job b on b.name = j.kind and b.id = j.queue_job_id
    where j.status = 'queued' and j.updated_at < ${staleBefore().toISOString()}::timestamptz
      and j.kind = any(${`{${kinds.join(",")}}`}::text[])
      and (b.id is null or b.state not in ('created', 'retry'))
    limit 100`);
  if (orphans.length === 0) return [];
  return db
    .select()
    .from(jobs)
    .where(
      inArray(
        jobs.id,
        orphans.map((o) => o.id),
      ),
    );
}
