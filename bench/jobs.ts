import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { connectDatabase, type DatabaseConnection } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { jobs } from "@/db/schema";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";
import { createWorkspace } from "@/lib/accounts/create-workspace";
import type { Ctx } from "@/lib/auth/context";
import { startImport } from "@/lib/imports/start-import";
import { stopBoss } from "@/lib/jobs/boss";
import { enqueueJobs } from "@/lib/jobs/enqueue-jobs";
import { probeJob } from "@/lib/jobs/probe-job";
import { writeOpenAiJsonl } from "./generate-openai";

// Issue #11 job benchmark: throughput of no-op (probe) jobs and of import jobs with 1, 2 and 3
// `studio worker` processes (--concurrency 4 each) on a real Postgres. Timed from the first job's
// start to the last job's end as the jobs table records them, so worker start-up doesn't count.

const NOOP_JOBS = 1_000;
const IMPORT_JOBS = 12;
const ROLLOUTS_PER_IMPORT = 250;

const globalForDb = globalThis as unknown as { studioDatabase?: DatabaseConnection };

function startWorker(url: string): ChildProcess {
  return spawn(process.execPath, [path.resolve("bin/studio.mjs"), "worker", "--concurrency", "4"], {
    detached: true,
    stdio: "ignore",
    env: { ...process.env, DATABASE_URL: url, JOBS_POLL_SECONDS: "0.2" },
  });
}

async function waitForKind(db: DatabaseConnection["db"], workspaceId: string, kind: string, count: number) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const [row] = await db
      .select({
        ended: sql<number>`count(*) filter (where status in ('succeeded', 'failed', 'cancelled'))::int`,
        first: sql<string>`min(started_at)::text`,
        last: sql<string>`max(finished_at)::text`,
      })
      .from(jobs)
      .where(and(eq(jobs.workspaceId, workspaceId), eq(jobs.kind, kind)));
    if (Number(row.ended) >= count) return (Date.parse(row.last) - Date.parse(row.first)) / 1000;
    if (Date.now() > deadline) throw new Error(`${kind} jobs did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function measure(workerCount: number, files: string[]) {
  const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL;
  const database = await createTestDatabase(serverUrl, "studio_bench_jobs");
  const connection = connectDatabase({ url: database.url });
  globalForDb.studioDatabase = connection;
  const workers: ChildProcess[] = [];
  try {
    await migrateDatabase(connection);
    const workspace = await createWorkspace({
      actor: { kind: "cli" },
      input: { slug: "bench", name: "Bench" },
    });
    const ctx: Ctx = { actor: { kind: "cli" }, workspace, role: "owner" };
    for (let i = 0; i < workerCount; i++) workers.push(startWorker(database.url));

    await enqueueJobs({
      ctx,
      kind: probeJob,
      items: Array.from({ length: NOOP_JOBS }, (_, i) => ({
        payload: { key: `noop-${i}` },
        key: `noop-${i}`,
      })),
    });
    const noopSeconds = await waitForKind(connection.db, workspace.id, "probe", NOOP_JOBS);

    for (const file of files)
      await startImport({
        ctx,
        files: [{ path: file, name: path.basename(file) }],
        options: { format: "openai" },
      });
    const importSeconds = await waitForKind(connection.db, workspace.id, "import", files.length);
    const rollouts = files.length * ROLLOUTS_PER_IMPORT;
    console.log(
      `| ${workerCount} | ${Math.round(NOOP_JOBS / noopSeconds)} | ${(files.length / importSeconds).toFixed(2)} | ${Math.round(rollouts / importSeconds)} |`,
    );
  } finally {
    for (const worker of workers) if (worker.pid) process.kill(-worker.pid, "SIGTERM");
    await Promise.all(workers.map((w) => new Promise((resolve) => w.once("exit", resolve))));
    await stopBoss();
    globalForDb.studioDatabase = undefined;
    await connection.close();
    await database.drop();
  }
}

export async function runJobsBenchmark(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-jobs-"));
  try {
    const files: string[] = [];
    for (let i = 0; i < IMPORT_JOBS; i++) {
      const file = path.join(dir, `import-${i}.jsonl`);
      await writeOpenAiJsonl(file, ROLLOUTS_PER_IMPORT);
      files.push(file);
    }
    console.log(
      `\n## Jobs: ${NOOP_JOBS} no-op jobs, then ${IMPORT_JOBS} import jobs of ${ROLLOUTS_PER_IMPORT} rollouts (~26 messages each), Postgres, ${os.cpus().length} CPUs`,
    );
    console.log("| workers (×4 slots) | no-op jobs/s | import jobs/s | imported rollouts/s |");
    console.log("| --- | --- | --- | --- |");
    for (const workerCount of [1, 2, 3]) await measure(workerCount, files);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
