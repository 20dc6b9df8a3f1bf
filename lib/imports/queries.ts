import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, jobs, runs } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { assertCan } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import type { ImportRunOutput } from "./api-schemas";
import { importSummaryOutput } from "./schemas";

export async function getImportRun({ ctx, id }: { ctx: Ctx; id: string }): Promise<ImportRunOutput> {
  assertCan(ctx, "rollouts.read");
  const [row] = await db
    .select({ run: runs, environment: environments.slug })
    .from(runs)
    .leftJoin(environments, eq(environments.id, runs.environmentId))
    .where(and(eq(runs.id, id), eq(runs.workspaceId, ctx.workspace.id)));
  if (!row) throw new AppError("not_found", "No such import run.");
  const { run, environment } = row;
  // The per-file summary is the import job's result (a JSON column read back: parsed, absent when malformed).
  const [job] = await db
    .select({ result: jobs.result })
    .from(jobs)
    .where(
      and(
        eq(jobs.workspaceId, ctx.workspace.id),
        eq(jobs.kind, "import"),
        sql`${jobs.payload}->>'runId' = ${run.id}`,
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  const summary = job?.result ? importSummaryOutput.safeParse(job.result) : null;
  return {
    id: run.id,
    status: run.status,
    name: run.name,
    source: run.source,
    environment: environment ?? null,
    format: run.format,
    imported: run.imported,
    skipped: run.skipped,
    failed: run.failed,
    unlinked: run.unlinked,
    bytesRead: run.bytesRead,
    bytesTotal: run.bytesTotal,
    errors: run.errors,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    files: summary?.success ? summary.data.files : [],
  };
}

export async function listRecentRuns({ ctx, limit = 20 }: { ctx: Ctx; limit?: number }) {
  assertCan(ctx, "rollouts.read");
  return db
    .select({
      id: runs.id,
      name: runs.name,
      source: runs.source,
      format: runs.format,
      status: runs.status,
      imported: runs.imported,
      skipped: runs.skipped,
      failed: runs.failed,
      createdAt: runs.createdAt,
    })
    .from(runs)
    .where(eq(runs.workspaceId, ctx.workspace.id))
    .orderBy(desc(runs.createdAt))
    .limit(limit);
}

export async function listEnvironmentChoices({ ctx }: { ctx: Ctx }) {
  assertCan(ctx, "rollouts.import");
  return db
    .select({ slug: environments.slug, name: environments.name })
    .from(environments)
    .where(eq(environments.workspaceId, ctx.workspace.id))
    .orderBy(environments.name);
}
