import "server-only";
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, lt } from "drizzle-orm";
import { db } from "@/db/client";
import { type Run, type RunUpload, runs } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { resolveDataDir } from "@/lib/env";
import { can } from "@/lib/permissions/rules";
import { executeImportRun, HEARTBEAT_MS } from "./run-import";
import { type ImportOptionsInput, importOptionsInput } from "./schemas";

// Background imports outlive the process running them: a run whose heartbeat stopped (the studio
// restarted or crashed) is claimed by the next studio process that looks. If its uploaded files are
// still there and its importer may still import, it starts over from the first record (what it
// stored before is skipped by content hash and counted once); otherwise it is marked failed, why
// recorded, and the rollouts stored so far are kept. The runs table is the queue: no jobs table.

/** Four missed heartbeats: the process running the import is gone. */
const STALE_AFTER_MS = 4 * HEARTBEAT_MS;

export type RecoveryResult = { resumed: string[]; failed: string[] };

/** Claims every silent run and resumes or fails it; resumed imports continue in the background. */
export async function recoverInterruptedImports(): Promise<RecoveryResult> {
  // Refreshing updatedAt under the staleness condition is the claim: one process takes each run.
  const claimed = await db
    .update(runs)
    .set({ updatedAt: new Date() })
    .where(
      and(
        inArray(runs.status, ["pending", "running"]),
        lt(runs.updatedAt, new Date(Date.now() - STALE_AFTER_MS)),
      ),
    )
    .returning();
  const result: RecoveryResult = { resumed: [], failed: [] };
  for (const run of claimed) {
    const plan = await planResume(run);
    if ("reason" in plan) {
      await failRun(run, plan.reason);
      result.failed.push(run.id);
      continue;
    }
    result.resumed.push(run.id);
    const { ctx, upload, options } = plan;
    void executeImportRun({ ctx, runId: run.id, files: upload.files, options })
      .catch((error: unknown) => console.error(`[import ${run.id}] resumed import failed`, error))
      .finally(() => removeUpload(upload));
  }
  return result;
}

const INTERRUPTED = "The import stopped before it finished (the process running it ended).";

type ResumePlan = { ctx: Ctx; upload: RunUpload; options: ImportOptionsInput };

async function planResume(run: Run): Promise<ResumePlan | { reason: string }> {
  const upload = run.upload;
  if (!upload)
    return {
      reason: `${INTERRUPTED} The rollouts stored so far are kept; importing the files again skips them.`,
    };
  if (!upload.files.every((file) => fs.existsSync(file.path))) {
    removeUpload(upload);
    return {
      reason: `${INTERRUPTED} Its uploaded files are gone, so it could not resume; upload them again.`,
    };
  }
  const ctx = await rebuildContext(run, upload.actor);
  if (!ctx || !can(ctx.role, "rollouts.import")) {
    removeUpload(upload);
    return { reason: `${INTERRUPTED} Whoever started it may no longer import here, so it was not resumed.` };
  }
  const options = importOptionsInput.safeParse(upload.options);
  if (!options.success) return { reason: `${INTERRUPTED} Its saved options are not valid any more.` };
  return { ctx, upload, options: options.data };
}

/** The importer as they are now: a member's current role, or an unrevoked API key's. */
async function rebuildContext(run: Run, actor: RunUpload["actor"]): Promise<Ctx | null> {
  const workspace = await db.query.workspaces.findFirst({
    where: (w, { eq: is }) => is(w.id, run.workspaceId),
  });
  if (!workspace) return null;
  const ref = { id: workspace.id, slug: workspace.slug, name: workspace.name };
  if (actor.kind === "user") {
    const membership = await db.query.memberships.findFirst({
      where: (m, { and: all, eq: is }) => all(is(m.workspaceId, workspace.id), is(m.userId, actor.userId)),
      with: { user: true },
    });
    if (!membership) return null;
    const { user } = membership;
    return {
      actor: { kind: "user", userId: user.id, email: user.email, name: user.name },
      workspace: ref,
      role: membership.role,
    };
  }
  const key = await db.query.apiKeys.findFirst({
    where: (k, { and: all, eq: is, isNull }) =>
      all(is(k.id, actor.apiKeyId), is(k.workspaceId, workspace.id), isNull(k.revokedAt)),
  });
  return key
    ? { actor: { kind: "api-key", apiKeyId: key.id, name: key.name }, workspace: ref, role: key.role }
    : null;
}

async function failRun(run: Run, reason: string): Promise<void> {
  await db
    .update(runs)
    .set({
      status: "failed",
      finishedAt: new Date(),
      upload: null,
      errors: [...run.errors, { file: run.source, message: reason }],
    })
    .where(eq(runs.id, run.id));
}

/** Deletes an upload folder, only ever one under the data folder's uploads/. */
function removeUpload(upload: RunUpload): void {
  const root = path.join(resolveDataDir(), "uploads");
  const dir = path.resolve(upload.dir);
  if (dir.startsWith(`${root}${path.sep}`)) fs.rmSync(dir, { recursive: true, force: true });
}

type RecoveryState = { timer: NodeJS.Timeout };
const globalForRecovery = globalThis as unknown as { studioImportRecovery?: RecoveryState };

/** Looks for interrupted imports now and every heartbeat from here on (once per process). */
export function startImportRecovery(): void {
  if (globalForRecovery.studioImportRecovery) return;
  const check = () =>
    recoverInterruptedImports()
      .then(({ resumed, failed }) => {
        if (resumed.length) console.log(`[imports] resumed ${resumed.length} interrupted import(s)`);
        if (failed.length) console.log(`[imports] marked ${failed.length} interrupted import(s) as failed`);
      })
      .catch((error: unknown) => console.error("[imports] could not check for interrupted imports", error));
  void check();
  const timer = setInterval(check, HEARTBEAT_MS);
  timer.unref();
  globalForRecovery.studioImportRecovery = { timer };
}
