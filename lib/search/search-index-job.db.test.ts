import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { jobs } from "@/db/schema";
import { runningForMs } from "@/lib/jobs/running-jobs";
import { createTestWorkspace } from "@/lib/testing/factories";
import { INDEX_WORKERS } from "./index-rollouts";
import {
  IMPORT_ALONE_MS,
  indexWorkersBesideImport,
  searchIndexJob,
  yieldToSearchIndexing,
} from "./search-index-job";

async function createRunningJob(
  workspaceId: string,
  heartbeatSecondsAgo = 0,
  { kind = searchIndexJob.kind, startedSecondsAgo = 0 } = {},
) {
  const [job] = await db
    .insert(jobs)
    .values({
      workspaceId,
      kind,
      startedAt: sql`now() - make_interval(secs => ${startedSecondsAgo})`,
      status: "running",
      payload: {},
      actor: { kind: "cli" },
      startedBy: "command line",
      maxAttempts: 1,
      heartbeatAt: sql`now() - make_interval(secs => ${heartbeatSecondsAgo})`,
    })
    .returning();
  return job;
}

describe("other background work gives way to search indexing", () => {
  it("waits while the workspace's search-index job runs and goes on when it ends", async () => {
    const workspace = await createTestWorkspace();
    const job = await createRunningJob(workspace.id);
    let isDone = false;
    const waiting = yieldToSearchIndexing(workspace.id).then(() => {
      isDone = true;
    });
    // Several of its polls pass meanwhile; it must still be waiting.
    await db.execute(sql`select pg_sleep(1)`);
    expect(isDone).toBe(false);
    await db.update(jobs).set({ status: "succeeded" }).where(eq(jobs.id, job.id));
    await waiting;
    expect(isDone).toBe(true);
  });

  it("goes on at once for another workspace's indexing, a dead worker's job, or an abort", async () => {
    const workspace = await createTestWorkspace();
    const other = await createTestWorkspace();
    await createRunningJob(other.id);
    await yieldToSearchIndexing(workspace.id);
    await createRunningJob(workspace.id, 3_600); // its heartbeat went silent an hour ago
    await yieldToSearchIndexing(workspace.id);
    const busy = await createTestWorkspace();
    await createRunningJob(busy.id);
    await yieldToSearchIndexing(busy.id, AbortSignal.abort());
  });
});

describe("search indexing beside an import", () => {
  it("waits while the workspace's import is young, runs one indexer beside a long one, all after", () => {
    expect(indexWorkersBesideImport(null)).toBe(INDEX_WORKERS);
    expect(indexWorkersBesideImport(0)).toBe(0);
    expect(indexWorkersBesideImport(IMPORT_ALONE_MS - 1)).toBe(0);
    expect(indexWorkersBesideImport(IMPORT_ALONE_MS)).toBe(1);
  });

  it("measures how long the workspace's live import has run", async () => {
    const workspace = await createTestWorkspace();
    expect(await runningForMs(workspace.id, "import")).toBeNull();
    await createRunningJob(workspace.id, 3_600, { kind: "import", startedSecondsAgo: 7_200 }); // dead worker
    expect(await runningForMs(workspace.id, "import")).toBeNull();
    await createRunningJob(workspace.id, 0, { kind: "import", startedSecondsAgo: 90 });
    const ms = await runningForMs(workspace.id, "import");
    expect(ms).toBeGreaterThanOrEqual(90_000);
    expect(ms).toBeLessThan(120_000);
    expect(indexWorkersBesideImport(ms)).toBe(1);
  });
});
