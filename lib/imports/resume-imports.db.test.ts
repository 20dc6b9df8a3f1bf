import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { memberships, rollouts, runs } from "@/db/schema";
import { resolveDataDir } from "@/lib/env";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { recoverInterruptedImports } from "./resume-imports";
import { createImportRun, executeImportRun } from "./run-import";

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
  const dir = path.join(resolveDataDir(), "uploads", `test-${randomUUID()}`);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "batch.jsonl");
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return { dir, files: [{ path: file, name: "batch.jsonl" }] };
}

/** Leaves a run as a killed process would: still running, upload kept, heartbeat long silent. */
async function interrupt(runId: string, upload: unknown) {
  await db
    .update(runs)
    .set({
      status: "running",
      finishedAt: null,
      upload: upload as never,
      updatedAt: new Date(Date.now() - 600_000),
    })
    .where(eq(runs.id, runId));
}

async function waitForRun(runId: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const run = await db.query.runs.findFirst({ where: (r, { eq: is }) => is(r.id, runId) });
    if (run && run.status !== "running" && run.status !== "pending") return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${runId} did not finish`);
}

async function setup() {
  const workspace = await createTestWorkspace();
  const author = await createTestMember(workspace, "author");
  return { workspace, ...author };
}

describe("recovering interrupted background imports", () => {
  it("resumes a run whose process died: the rest is imported and what was stored counts once", async () => {
    const { ctx } = await setup();
    const upload = writeUpload([record("otters"), record("herons"), record("newts")]);
    const run = await createImportRun({ ctx, files: upload.files, options: {}, uploadDir: upload.dir });
    const stored = await db.query.runs.findFirst({ where: (r, { eq: is }) => is(r.id, run.id) });
    expect(stored?.upload).toMatchObject({ dir: upload.dir, actor: { kind: "user" } });
    // The first record landed before the "crash".
    const partial = writeUpload([record("otters")]);
    await executeImportRun({ ctx, runId: run.id, files: partial.files, options: {} });
    await interrupt(run.id, stored?.upload);

    const recovery = await recoverInterruptedImports();
    expect(recovery.resumed).toContain(run.id);
    const finished = await waitForRun(run.id);
    expect(finished).toMatchObject({ status: "completed", imported: 3, skipped: 0, failed: 0, upload: null });
    expect(await db.select().from(rollouts).where(eq(rollouts.runId, run.id))).toHaveLength(3);
    expect(fs.existsSync(upload.dir)).toBe(false);
    fs.rmSync(partial.dir, { recursive: true, force: true });
  });

  it("fails, with the reason, a run whose files are gone or whose importer may no longer import", async () => {
    const { workspace, ctx, user } = await setup();
    const gone = writeUpload([record("lynx")]);
    const goneRun = await createImportRun({ ctx, files: gone.files, options: {}, uploadDir: gone.dir });
    const goneUpload = (await db.query.runs.findFirst({ where: (r, { eq: is }) => is(r.id, goneRun.id) }))
      ?.upload;
    fs.rmSync(gone.dir, { recursive: true, force: true });
    await interrupt(goneRun.id, goneUpload);

    const demoted = writeUpload([record("ibis")]);
    const demotedRun = await createImportRun({
      ctx,
      files: demoted.files,
      options: {},
      uploadDir: demoted.dir,
    });
    const demotedUpload = (
      await db.query.runs.findFirst({ where: (r, { eq: is }) => is(r.id, demotedRun.id) })
    )?.upload;
    await interrupt(demotedRun.id, demotedUpload);
    await db.update(memberships).set({ role: "reviewer" }).where(eq(memberships.userId, user.id));

    const recovery = await recoverInterruptedImports();
    expect(recovery.failed).toEqual(expect.arrayContaining([goneRun.id, demotedRun.id]));
    const goneAfter = await waitForRun(goneRun.id);
    expect(goneAfter.status).toBe("failed");
    expect(goneAfter.errors.at(-1)?.message).toContain("uploaded files are gone");
    const demotedAfter = await waitForRun(demotedRun.id);
    expect(demotedAfter.errors.at(-1)?.message).toContain("may no longer import");
    expect(fs.existsSync(demoted.dir)).toBe(false);
    expect(workspace.id).toBe(demotedAfter.workspaceId);
  });

  it("fails a silent run that has nothing to resume from, and leaves live runs alone", async () => {
    const { ctx } = await setup();
    const cli = writeUpload([record("moths")]);
    const silent = await createImportRun({ ctx, files: cli.files, options: {} });
    await interrupt(silent.id, null);
    const live = await createImportRun({ ctx, files: cli.files, options: {} });
    await db.update(runs).set({ status: "running" }).where(eq(runs.id, live.id));

    const recovery = await recoverInterruptedImports();
    expect(recovery.failed).toContain(silent.id);
    expect(recovery.resumed).not.toContain(live.id);
    expect(recovery.failed).not.toContain(live.id);
    expect((await waitForRun(silent.id)).errors.at(-1)?.message).toContain(
      "importing the files again skips them",
    );
    const liveAfter = await db.query.runs.findFirst({ where: (r, { eq: is }) => is(r.id, live.id) });
    expect(liveAfter?.status).toBe("running");
    await db.update(runs).set({ status: "completed" }).where(eq(runs.id, live.id));
    fs.rmSync(cli.dir, { recursive: true, force: true });
  });
});
