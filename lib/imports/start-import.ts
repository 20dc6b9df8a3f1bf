import "server-only";
import type { Job, Run } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { enqueueJob, prepareJobKind } from "@/lib/jobs/enqueue-job";
import { runJobHere } from "@/lib/jobs/run-here";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { importJob } from "./import-job";
import { getUploadLimits } from "./limits";
import { receiveUpload } from "./receive-upload";
import { createImportRun } from "./run-import";
import {
  type ImportOptionsInput,
  type ImportSummary,
  importOptionsInput,
  importSummaryOutput,
} from "./schemas";
import type { ImportSource } from "./types";
import { createUploadDir, removeUploadDir } from "./uploads";

// The one way to import: startImport opens the run and queues its job in one transaction; the job
// (./import-job.ts) imports, and deletes uploaded files when it ends. The web page and
// `POST /api/v1/imports?background=1` stop there; `studio import` and a foreground API import
// then wait for the summary with finishImport. A crash anywhere after startImport is the job
// system's to recover (lib/jobs/).

export type StartedImport = { run: Run; job: Job };

/** Opens a run for the files and queues their import. Owns `uploadDir`: deleted if this fails. */
export async function startImport({
  ctx,
  files,
  options,
  uploadDir,
}: {
  ctx: Ctx;
  files: ImportSource[];
  options: ImportOptionsInput;
  uploadDir?: string;
}): Promise<StartedImport> {
  try {
    assertCan(ctx, "rollouts.import");
    const input = parseInput(importOptionsInput, options);
    await prepareJobKind(importJob);
    return await runInTransaction(ctx, async (tx) => {
      const run = await createImportRun({ ctx, files, options: input, executor: tx });
      const job = await enqueueJob({
        ctx,
        kind: importJob,
        payload: { runId: run.id, files, options: input, uploadDir: uploadDir ?? null },
        key: run.id,
        executor: tx,
      });
      return { run, job };
    });
  } catch (error) {
    if (uploadDir) removeUploadDir(uploadDir);
    throw error;
  }
}

/** Streams an HTTP upload into its own folder under DATA_DIR/uploads/ and starts its import. */
export async function startUploadImport({
  ctx,
  request,
  options,
  fallbackName,
}: {
  ctx: Ctx;
  request: Request;
  options: ImportOptionsInput;
  /** The file name of a raw body (multipart parts carry their own). */
  fallbackName?: string;
}): Promise<StartedImport> {
  assertCan(ctx, "rollouts.import");
  const input = parseInput(importOptionsInput, options);
  const dir = createUploadDir();
  let files: ImportSource[];
  try {
    files = await receiveUpload(request, { dir, limits: getUploadLimits(), fallbackName });
  } catch (error) {
    removeUploadDir(dir);
    throw error;
  }
  return startImport({ ctx, files, options: input, uploadDir: dir });
}

/** Runs a started import here (or waits for the worker that took it) and answers with its summary. */
export async function finishImport({
  job,
  onUpdate,
}: {
  job: Job;
  onUpdate?: (job: Job) => void;
}): Promise<ImportSummary> {
  const done = await runJobHere({ kind: importJob, jobId: job.id, onUpdate });
  if (done.status === "succeeded") return importSummaryOutput.parse(done.result);
  // Every file failed (none recognised, none readable): the job has failed, and its summary says why
  // for each file. The caller gets that summary, as for an import where only some records failed.
  const summary = importSummaryOutput.safeParse(done.result);
  if (done.status === "failed" && summary.success) return summary.data;
  if (done.status === "cancelled") throw new AppError("conflict", done.error ?? "The import was cancelled.");
  throw new AppError("internal", `The import failed: ${done.error ?? "unknown error"}`);
}

/** Imports files start to finish (scripts, seeds, tests): startImport, then finishImport. */
export async function importFiles({
  ctx,
  files,
  options,
  onUpdate,
}: {
  ctx: Ctx;
  files: ImportSource[];
  options: ImportOptionsInput;
  onUpdate?: (job: Job) => void;
}): Promise<ImportSummary> {
  const { job } = await startImport({ ctx, files, options });
  return finishImport({ job, onUpdate });
}
