import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { type Job, jobs, memberships, type Run, rollouts, runs } from "@/db/schema";
import { cancelJob } from "@/lib/jobs/cancel-job";
import { claimJob } from "@/lib/jobs/run-job";
import { startWorker, type WorkerHandle } from "@/lib/jobs/worker";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { executeImportRun } from "./run-import";
import { startImport } from "./start-import";
import { createUploadDir } from "./uploads";

vi.hoisted(() => {
  process.env.JOBS_HEARTBEAT_SECONDS = "0.25";
  process.env.JOBS_POLL_SECONDS = "0.1";
});

const record = (word: string) =>
  JSON.stringify({
    messages: [
      { role: "user", content: `Tell me about ${word}.` },
      { role: "assistant", content: `${word} is interesting.` },
    ],
    reward: 1,
  });

/** An upload folder as the import route leaves it: under the data folder's uploads/. */
function writeUpload(lines: string[]) {
  const dir = createUploadDir();
  const file = path.join(dir, "batch.jsonl");
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return { dir, files: [{ path: file, name: "batch.jsonl" }] };
}

async function waitFor<T>(load: () => Promise<T | undefined>, isDone: (row: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = await load();
    if (row && isDone(row)) return row;
    if (Date.now() > deadline) throw new Error(`stuck: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/** The upload is removed by the job's clean-up, which runs just after the job is recorded as settled. */
const uploadRemoved = (dir: string) => waitFor(async () => !fs.existsSync(dir) || undefined, Boolean);
const loadRun = (id: string) => db.query.runs.findFirst({ where: (r, { eq: is }) => is(r.id, id) });
const loadJob = (id: string) => db.query.jobs.findFirst({ where: (j, { eq: is }) => is(j.id, id) });
const isRunDone = (run: Run) => run.status === "completed" || run.status === "failed";
const isJobDone = (job: Job) => ["succeeded", "failed", "cancelled"].includes(job.status) && !job.runToken;

async function setup() {
  const workspace = await createTestWorkspace();
  const author = await createTestMember(workspace, "author");
  return { workspace, ...author };
}

let worker: WorkerHandle | null = null;
beforeAll(async () => {
  worker = await startWorker({ concurrency: 2 });
});
afterAll(async () => {
  await worker?.stop();
});

describe("imports as jobs", () => {
  it("imports in the background, deletes the upload, then indexes the rollouts for search", async () => {
    const { ctx, workspace } = await setup();
    const upload = writeUpload([record("otters"), record("herons")]);
    const { run, job } = await startImport({ ctx, files: upload.files, options: {}, uploadDir: upload.dir });
    expect(job).toMatchObject({ kind: "import", key: run.id, status: "queued" });
    const finished = await waitFor(() => loadJob(job.id), isJobDone);
    expect(finished).toMatchObject({ status: "succeeded", done: 2, failed: 0, fraction: 1 });
    expect(await loadRun(run.id)).toMatchObject({ status: "completed", imported: 2 });
    await uploadRemoved(upload.dir);
    const indexJob = await waitFor(
      async () =>
        (
          await db
            .select()
            .from(jobs)
            .where(and(eq(jobs.workspaceId, workspace.id), eq(jobs.kind, "search-index")))
        )[0],
      isJobDone,
    );
    expect(indexJob).toMatchObject({ status: "succeeded", done: 2 });
    const unindexed = await db.query.rollouts.findMany({
      where: (r, { and: all, eq: is, isNull }) => all(is(r.runId, run.id), isNull(r.searchIndexedAt)),
    });
    expect(unindexed).toHaveLength(0);
  });

  it("resumes an import whose worker died: the rest is imported and what was stored counts once", async () => {
    const { ctx } = await setup();
    await worker?.stop();
    worker = null;
    const upload = writeUpload([record("otters"), record("herons"), record("newts")]);
    const { run, job } = await startImport({ ctx, files: upload.files, options: {}, uploadDir: upload.dir });
    // A worker claimed it, stored the first record, and died.
    expect(await claimJob(job.id, job.queueJobId)).not.toBeNull();
    const partial = writeUpload([record("otters")]);
    await executeImportRun({ ctx, runId: run.id, files: partial.files, options: {} });
    await db.update(runs).set({ status: "running", finishedAt: null }).where(eq(runs.id, run.id));

    worker = await startWorker({ concurrency: 2 });
    const finished = await waitFor(() => loadJob(job.id), isJobDone);
    expect(finished).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(await loadRun(run.id)).toMatchObject({ status: "completed", imported: 3, skipped: 0, failed: 0 });
    expect(await db.select().from(rollouts).where(eq(rollouts.runId, run.id))).toHaveLength(3);
    await uploadRemoved(upload.dir);
    fs.rmSync(partial.dir, { recursive: true, force: true });
  });

  it("fails, with the reason, an import whose uploaded files are gone", async () => {
    const { ctx } = await setup();
    const gone = writeUpload([record("lynx")]);
    fs.rmSync(gone.files[0].path);
    const { run, job } = await startImport({ ctx, files: gone.files, options: {}, uploadDir: gone.dir });
    const failed = await waitFor(() => loadJob(job.id), isJobDone);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.error).toContain("uploaded files are gone");
    const after = await waitFor(() => loadRun(run.id), isRunDone);
    expect(after.status).toBe("failed");
    expect(after.errors.at(-1)?.message).toContain("uploaded files are gone");
    await uploadRemoved(gone.dir);
  });

  it("fails an import whose importer may no longer import before it ran", async () => {
    const { ctx, user } = await setup();
    await worker?.stop();
    worker = null;
    const upload = writeUpload([record("ibis")]);
    const { run, job } = await startImport({ ctx, files: upload.files, options: {}, uploadDir: upload.dir });
    await db.update(memberships).set({ role: "reviewer" }).where(eq(memberships.userId, user.id));
    worker = await startWorker({ concurrency: 2 });
    const failed = await waitFor(() => loadJob(job.id), isJobDone);
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("may no longer do it");
    expect((await waitFor(() => loadRun(run.id), isRunDone)).status).toBe("failed");
    expect(await db.select().from(rollouts).where(eq(rollouts.runId, run.id))).toHaveLength(0);
    await uploadRemoved(upload.dir);
  });

  it("cancels a queued import: the run fails with who cancelled it, the upload is deleted", async () => {
    const { ctx, email } = await setup();
    await worker?.stop();
    worker = null;
    const upload = writeUpload([record("moths")]);
    const { run, job } = await startImport({ ctx, files: upload.files, options: {}, uploadDir: upload.dir });
    await cancelJob({ ctx, id: job.id });
    const after = await loadRun(run.id);
    expect(after?.status).toBe("failed");
    expect(after?.errors.at(-1)?.message).toContain(`Cancelled by ${email}`);
    await uploadRemoved(upload.dir);
    worker = await startWorker({ concurrency: 2 });
  });
});
