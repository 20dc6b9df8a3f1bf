import "server-only";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { db, type Executor } from "@/db/client";
import { type ImportErrorEntry, rollouts, runs, tasks } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Ctx } from "@/lib/auth/context";
import { assertCan } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { detectFormat } from "./detect";
import { getImporter } from "./formats";
import { describeNonTranscript } from "./known-files";
import { getImportLimits } from "./limits";
import { checkFileSize, readFormatSample } from "./read/read-file-head";
import { applyRewardKey, WarningTally } from "./reward-key";
import {
  type ImportFileSummary,
  type ImportOptionsInput,
  type ImportSummary,
  importOptionsInput,
} from "./schemas";
import { type BatchTarget, type PreparedRollout, prepareRollout, storeRolloutBatch } from "./store-rollouts";
import type { ImportFormat, ImportSource, ParsedRecord } from "./types";

// Imports transcript files into a run: detect each file's format, parse it with its importer, store
// rollouts in batches, and keep every failed record with its file, record or line, and reason.

const BATCH_ROLLOUTS = 100;
/** Files an importer reads beside the main one (verifiers, ATIF/Harbor); not rollouts themselves. */
const SIBLING_FILES = new Set(["metadata.json", "metrics.json", "result.json", "config.json"]);
const SIBLING_NOTE = "read as the run details of the transcript file beside it, not imported on its own";
const BATCH_MESSAGES = 4_000;
/**
 * Batches written at once. Each takes a connection; the embedded database has one, so it serializes.
 * A batch's transaction waits for this process between its statements (its rows are encoded here),
 * and this process waits for a free slot: with two, the import bench's Postgres backends sat mostly
 * in ClientRead while this thread idled 40% of the time. Three took 6.5-7.4 s against 6.6-7.9 s
 * (alternating runs on the import bench, whose 2-core machine moves by a fifth between runs).
 */
const WRITE_SLOTS = 3;
const MAX_STORED_ERRORS = 1_000;
const PROGRESS_INTERVAL_MS = 1_000;

export type ImportProgress = {
  imported: number;
  skipped: number;
  failed: number;
  unlinked: number;
  bytesRead: number;
  bytesTotal: number;
};

type Tally = ImportProgress & {
  errors: ImportErrorEntry[];
  /** Rollouts this run stored before it was interrupted: skipped again on resume, counted once. */
  replaying: number;
};

/**
 * Checks the caller and options and opens a run for the files (status pending), in the caller's
 * transaction. Only startImport (./start-import.ts) and the demo seed open runs.
 */
export async function createImportRun({
  ctx,
  files,
  options,
  executor,
}: {
  ctx: Ctx;
  files: ImportSource[];
  options: ImportOptionsInput;
  executor: Executor;
}) {
  assertCan(ctx, "rollouts.import");
  const input = parseInput(importOptionsInput, options);
  if (files.length === 0) throw new AppError("bad_request", "Choose at least one file to import.");
  let environmentId: string | null = null;
  if (input.environment) {
    const environment = await executor.query.environments.findFirst({
      where: (e, { and, eq }) =>
        and(eq(e.workspaceId, ctx.workspace.id), eq(e.slug, input.environment as string)),
    });
    if (!environment)
      throw new AppError("not_found", `No environment "${input.environment}" in this workspace.`);
    environmentId = environment.id;
  }
  const [run] = await executor
    .insert(runs)
    .values({
      workspaceId: ctx.workspace.id,
      environmentId,
      createdById: ctx.actor.kind === "user" ? ctx.actor.userId : null,
      source: files
        .map((f) => f.name)
        .join(", ")
        .slice(0, 2_000),
      format: input.format ?? "auto",
    })
    .returning();
  await recordAudit(executor, ctx.actor, {
    workspaceId: ctx.workspace.id,
    action: "import.start",
    targetType: "run",
    targetId: run.id,
    details: { files: files.map((f) => f.name), ...input },
  });
  return run;
}

async function loadTaskIds(environmentId: string | null): Promise<Map<string, string>> {
  if (!environmentId) return new Map();
  const rows = await db
    .select({ id: tasks.id, key: tasks.key })
    .from(tasks)
    .where(eq(tasks.environmentId, environmentId));
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Rollouts a run has stored so far (all of them when it resumes after an interruption). */
async function countStoredRollouts(runId: string): Promise<{ rollouts: number; unlinked: number }> {
  const [row] = await db
    .select({
      rollouts: sql<number>`count(*)::int`,
      unlinked: sql<number>`(count(*) filter (where ${rollouts.environmentId} is not null and ${rollouts.taskId} is null))::int`,
    })
    .from(rollouts)
    .where(eq(rollouts.runId, runId));
  return { rollouts: Number(row.rollouts), unlinked: Number(row.unlinked) };
}

function addError(tally: Tally, error: ImportErrorEntry): void {
  tally.failed++;
  if (tally.errors.length < MAX_STORED_ERRORS) tally.errors.push(error);
}

/** Stores a batch in one transaction; if that fails, stores its rollouts one by one to find the bad ones. */
async function flushBatch(target: BatchTarget, batch: PreparedRollout[], tally: Tally): Promise<void> {
  if (batch.length === 0) return;
  const apply = (result: { inserted: number; skipped: number; unlinked: number }) => {
    const replayed = Math.min(tally.replaying, result.skipped);
    tally.replaying -= replayed;
    tally.imported += result.inserted;
    tally.skipped += result.skipped - replayed;
    tally.unlinked += result.unlinked;
  };
  try {
    apply(await db.transaction((tx) => storeRolloutBatch(tx, target, batch)));
  } catch (batchError) {
    if (batch.length === 1) {
      const [item] = batch;
      console.error("[import] could not store a rollout", batchError);
      addError(tally, {
        file: item.file,
        record: item.record ?? undefined,
        message: "could not store this rollout (see server log)",
      });
      return;
    }
    for (const item of batch) await flushBatch(target, [item], tally);
  }
}

/** "wordle · qwen/qwen3-30b" when the records name one environment; else null (the file names show). */
export function nameRun(environment: string | null, model: string | null): string | null {
  if (!environment || environment === "mixed") return null;
  return (model && model !== "mixed" ? `${environment} · ${model}` : environment).slice(0, 200);
}

async function resolveFormat(
  source: ImportSource,
  requested: ImportFormat | undefined,
): Promise<ImportFormat> {
  if (requested) return requested;
  const sample = await readFormatSample(source);
  const detected = detectFormat(sample);
  if (!detected) {
    throw new AppError(
      "invalid",
      describeNonTranscript(sample) ??
        "could not recognise the format; choose one (openai, anthropic, inspect, verifiers, atif, swe-agent, openhands, karotte, langfuse, codex, gemini-cli, tau2, acp)",
    );
  }
  return detected.format;
}

/**
 * Runs an opened import to the end, updating the run as it goes; never throws for bad input files.
 * Run it through the import job (./import-job.ts), which resumes it after a crash: a resumed run
 * starts over from the first record, and what it stored before is skipped, counted once.
 */
export async function executeImportRun({
  ctx,
  runId,
  files,
  options,
  signal,
  onProgress,
  onError,
}: {
  ctx: Ctx;
  runId: string;
  files: ImportSource[];
  options: ImportOptionsInput;
  /** Stops between batches (the rollouts stored so far stay) by throwing the abort reason. */
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  onError?: (error: ImportErrorEntry) => void;
}): Promise<ImportSummary> {
  const input = parseInput(importOptionsInput, options);
  const limits = getImportLimits();
  const run = await db.query.runs.findFirst({
    where: (r, { and, eq }) => and(eq(r.id, runId), eq(r.workspaceId, ctx.workspace.id)),
  });
  if (!run) throw new AppError("not_found", "No such import run.");
  // A resumed run starts over from the first record; what it stored before is skipped, counted once.
  const stored = await countStoredRollouts(runId);
  const tally: Tally = {
    imported: stored.rollouts,
    skipped: 0,
    failed: 0,
    unlinked: stored.unlinked,
    bytesRead: 0,
    bytesTotal: 0,
    errors: [],
    replaying: stored.rollouts,
  };
  const formats = new Set<string>();
  const models = new Set<string>();
  const harnesses = new Set<string>();
  /** The environments the records name (verifiers metadata.json's env_id…): the run's name. */
  const sourceEnvironments = new Set<string>();
  const sizes = new Map<string, number>();
  for (const file of files) {
    try {
      sizes.set(file.path, await checkFileSize(file.path, limits));
      tally.bytesTotal += sizes.get(file.path) ?? 0;
    } catch {
      // Reported when the file's turn comes.
    }
  }
  let lastProgress = 0;
  let reportedErrors = 0;
  const reportErrors = () => {
    for (; reportedErrors < tally.errors.length; reportedErrors++) onError?.(tally.errors[reportedErrors]);
  };
  const reportProgress = async (force = false) => {
    if (!force && Date.now() - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = Date.now();
    const { errors, replaying: _replaying, ...progress } = tally;
    reportErrors();
    onProgress?.(progress);
    await db
      .update(runs)
      .set({ ...progress, errors, status: "running" })
      .where(eq(runs.id, runId));
  };
  await reportProgress(true);

  // By the file's own name: a folder import names files by their path within the folder.
  const isSiblingName = (f: ImportSource) => SIBLING_FILES.has(path.basename(f.path));
  const folders = new Set(files.filter((f) => !isSiblingName(f)).map((f) => path.dirname(f.path)));
  const isSiblingOfAnother = (f: ImportSource) => isSiblingName(f) && folders.has(path.dirname(f.path));

  const target: BatchTarget = {
    workspaceId: ctx.workspace.id,
    runId,
    format: input.format ?? "auto",
    environmentId: run.environmentId,
    taskIds: await loadTaskIds(run.environmentId),
  };
  const writing: Promise<void>[] = [];
  let writeCount = 0;
  const fileSummaries: ImportFileSummary[] = [];
  try {
    for (const file of files) {
      if (isSiblingOfAnother(file)) {
        // Read by its folder's transcript file (verifiers metadata.json, a trial's result.json).
        fileSummaries.push({
          file: file.name,
          format: null,
          imported: 0,
          skipped: 0,
          failed: 0,
          note: SIBLING_NOTE,
        });
        continue;
      }
      const bytesBefore = tally.bytesRead;
      const fileBytes = sizes.get(file.path) ?? 0;
      const before = { imported: tally.imported, skipped: tally.skipped, failed: tally.failed };
      let fileFormat: string | null = null;
      /** Records the format writes beside its transcript, skipped by type (Claude Code's attachments). */
      const skippedRecords: Record<string, number> = {};
      const warnings = new WarningTally();
      try {
        await checkFileSize(file.path, limits);
        const format = await resolveFormat(file, input.format);
        fileFormat = format;
        formats.add(format);
        const importer = getImporter(format);
        if (!importer) throw new AppError("invalid", `no importer for ${format}`);
        const fileTarget = { ...target, format };
        let batch: PreparedRollout[] = [];
        let batchMessages = 0;
        // Batches are written while the next ones are parsed, on up to WRITE_SLOTS connections at once.
        const write = async (items: PreparedRollout[]) => {
          const slot = writeCount++ % WRITE_SLOTS;
          await writing[slot];
          writing[slot] = flushBatch(fileTarget, items, tally);
        };
        for await (const item of importer.parse(file, limits) as AsyncIterable<ParsedRecord>) {
          if (item.kind === "error") {
            addError(tally, { file: file.name, record: item.record, line: item.line, message: item.message });
            continue;
          }
          if (item.kind === "skipped") {
            skippedRecords[item.type] = (skippedRecords[item.type] ?? 0) + item.count;
            continue;
          }
          let rollout = item.rollout;
          if (input.rewardKey) {
            const applied = applyRewardKey(rollout, input.rewardKey);
            rollout = applied.rollout;
            warnings.add(applied.warning);
          }
          warnings.add(rollout.rewardNote);
          const prepared = prepareRollout(rollout, file.name, item.record);
          if (rollout.model) models.add(rollout.model);
          if (rollout.harness) harnesses.add(rollout.harness);
          const sourceEnvironment = rollout.metadata?.environment;
          if (typeof sourceEnvironment === "string" && sourceEnvironment.trim())
            sourceEnvironments.add(sourceEnvironment.trim());
          tally.bytesRead = Math.min(bytesBefore + fileBytes, tally.bytesRead + prepared.originalJson.length);
          batch.push(prepared);
          batchMessages += rollout.messages.length;
          if (batch.length >= BATCH_ROLLOUTS || batchMessages >= BATCH_MESSAGES) {
            signal?.throwIfAborted();
            await write(batch);
            batch = [];
            batchMessages = 0;
            await reportProgress();
          }
        }
        await write(batch);
      } catch (error) {
        if (!(error instanceof Error) || signal?.aborted) throw error;
        if (
          !(error instanceof AppError) &&
          error.name !== "ImportFileError" &&
          error.name !== "ImportRecordError"
        ) {
          console.error(`[import] ${file.name}`, error);
        }
        addError(tally, { file: file.name, message: error.message });
      }
      await Promise.all(writing);
      fileSummaries.push({
        file: file.name,
        format: fileFormat,
        imported: tally.imported - before.imported,
        skipped: tally.skipped - before.skipped,
        failed: tally.failed - before.failed,
        ...(Object.keys(skippedRecords).length > 0 ? { skippedRecords } : {}),
        ...(warnings.list().length > 0 ? { warnings: warnings.list() } : {}),
      });
      tally.bytesRead = bytesBefore + fileBytes;
      await reportProgress();
    }
  } catch (error) {
    // Stopped (cancelled, or the worker is stopping): what was stored stays; the job decides the rest.
    await Promise.allSettled(writing);
    throw error;
  }

  const { errors, replaying: _replaying, ...progress } = tally;
  const single = (values: Set<string>) => (values.size === 1 ? [...values][0] : values.size ? "mixed" : null);
  await db.transaction(async (tx) => {
    await tx
      .update(runs)
      .set({
        ...progress,
        errors,
        status: "completed",
        finishedAt: new Date(),
        format: single(formats) ?? target.format,
        model: single(models),
        harness: single(harnesses),
        name: run.name ?? nameRun(single(sourceEnvironments), single(models)),
      })
      .where(eq(runs.id, runId));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "import.finish",
      targetType: "run",
      targetId: runId,
      details: { imported: tally.imported, skipped: tally.skipped, failed: tally.failed },
    });
  });
  reportErrors();
  onProgress?.(progress);
  return {
    imported: tally.imported,
    skipped: tally.skipped,
    failed: tally.failed,
    unlinked: tally.unlinked,
    errors: errors.map(({ file, record, line, message }) => ({ file, record, line, message })),
    run: runId,
    files: fileSummaries,
  };
}
