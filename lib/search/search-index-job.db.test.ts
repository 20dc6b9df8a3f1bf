import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { jobs } from "@/db/schema";
import { createTestWorkspace } from "@/lib/testing/factories";
import { INDEX_WORKERS } from "./index-rollouts";
import {
  IMPORT_ALONE_MS,
  indexWorkersBesideImport,
  searchIndexJob,
  yieldToSearchIndexing,
} from "./search-index-job";

async function createRunningIndexJob(workspaceId: string, heartbeatSecondsAgo = 0) {
  const [job] = await db
    .insert(jobs)
    .values({
      workspaceId,
      kind: searchIndexJob.kind,
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
    const job = await createRunningIndexJob(workspace.id);
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
    await createRunningIndexJob(other.id);
    await yieldToSearchIndexing(workspace.id);
    await createRunningIndexJob(workspace.id, 3_600); // its heartbeat went silent an hour ago
    await yieldToSearchIndexing(workspace.id);
    const busy = await createTestWorkspace();
    await createRunningIndexJob(busy.id);
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
});
