import "server-only";
import fs from "node:fs";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { analyzeTables } from "@/db/analyze";
import { db } from "@/db/client";
import { runs } from "@/db/schema";
import { defineJobKind, PermanentJobError } from "@/lib/jobs/define-job-kind";
import { afterRolloutsPartlyStored, afterRolloutsStored } from "@/lib/pipeline/after-rollouts-stored";
import { IMPORT_JOB_KIND } from "@/lib/values/job-kind-names";
import { executeImportRun } from "./run-import";
import { importOptionsInput } from "./schemas";
import { removeUploadDir } from "./uploads";

// An import as a job: runs an opened run (./start-import.ts) to the end. Idempotent by content
// hash: a run that starts again (after a crash, a retry or a second delivery) skips what it
// stored before and counts it once. When the job ends, for good or not, it deletes the uploaded
// files and, unless it succeeded, marks the run failed with the reason.

export const importPayload = z.object({
  runId: z.string().uuid(),
  files: z.array(z.object({ path: z.string().min(1), name: z.string().min(1) })).min(1),
  options: importOptionsInput,
  /** DATA_DIR/uploads/<id>, holding uploaded files; null for the caller's own files (the CLI). */
  uploadDir: z.string().nullable(),
});

/** Rollouts after which an import runs ANALYZE (of the rollouts and runs; see the handler). */
const ANALYZE_AFTER_ROLLOUTS = 100;
/**
 * How often an import asks for what it stored so far to be indexed. The first batch asks at once:
 * indexing (the larger cost) then runs beside the import instead of after it, on CPU the import
 * leaves idle, and a job that caught up is followed by the next request's.
 */
const INDEX_REQUEST_MS = 2_000;

export const importJob = defineJobKind({
  kind: IMPORT_JOB_KIND,
  permission: "rollouts.import",
  payload: importPayload,
  maxAttempts: 3,
  retryDelaySeconds: 15,
  expireInSeconds: 23 * 60 * 60,
  maxPerWorker: 2,
  async handler({ ctx, payload, signal, progress }) {
    // Uploaded files vanish only with their folder (a data folder moved or cleaned): nothing to resume.
    // The caller's own files are the caller's: a missing one is that file's error, the rest go on.
    const missing = payload.files.filter((file) => !fs.existsSync(file.path));
    if (payload.uploadDir && missing.length > 0)
      throw new PermanentJobError(
        `Its uploaded files are gone (${missing.map((f) => f.name).join(", ")}), so it could not resume; upload them again.`,
      );
    progress.set({ total: null, done: 0, failed: 0, clearErrors: true });
    let lastIndexRequest = 0;
    let imported = 0;
    const summary = await executeImportRun({
      ctx,
      runId: payload.runId,
      files: payload.files,
      options: payload.options,
      signal,
      onProgress: (p) => {
        progress.set({ done: p.imported + p.skipped, failed: p.failed });
        if (p.bytesTotal > 0) progress.setFraction(p.bytesRead / p.bytesTotal);
        if (p.imported > imported && Date.now() - lastIndexRequest > INDEX_REQUEST_MS) {
          lastIndexRequest = Date.now();
          void afterRolloutsPartlyStored(ctx).catch((error: unknown) =>
            console.error("[import] index request", error),
          );
        }
        imported = p.imported;
      },
      onError: (e) =>
        progress.addFailed(
          [e.file, e.line ? `line ${e.line}` : e.record ? `record ${e.record}` : ""]
            .filter(Boolean)
            .join(" "),
          e.message,
        ),
    });
    progress.setFraction(1);
    if (summary.imported > 0) {
      // Indexed, then scanned for reward hacks, in the background (lib/pipeline).
      await afterRolloutsStored(ctx);
    }
    // The messages' statistics are the search indexing's to refresh, after it has read them: here
    // they held back the indexer, which waits for the import (0.3 s for the import bench's 104,000).
    if (summary.imported >= ANALYZE_AFTER_ROLLOUTS) await analyzeTables(db, ["rollouts", "runs"]);
    return summary;
  },
  async onSettled({ payload, outcome, reason }) {
    if (payload.uploadDir) removeUploadDir(payload.uploadDir);
    if (outcome === "succeeded") return;
    const message =
      outcome === "cancelled"
        ? `${reason ?? "Cancelled."} The rollouts stored so far are kept.`
        : `The import failed: ${reason ?? "unknown error"}. The rollouts stored so far are kept; importing the files again skips them.`;
    await db
      .update(runs)
      .set({
        status: "failed",
        finishedAt: new Date(),
        errors: sql`${runs.errors} || ${JSON.stringify([{ file: "", message }])}::jsonb`,
      })
      .where(and(eq(runs.id, payload.runId), inArray(runs.status, ["pending", "running"])));
  },
});
