import "server-only";
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { type Job, jobs } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { getJobKindTitle, loadJobKind } from "./registry";
import { type JobOutput, jobIdInput, type ListJobsInput, listJobsInput } from "./schemas";

export function toJobOutput(job: Job): JobOutput {
  return {
    id: job.id,
    kind: job.kind,
    title: getJobKindTitle(job.kind),
    status: job.status,
    startedBy: job.startedBy,
    total: job.total,
    done: job.done,
    failed: job.failed,
    fraction: job.fraction,
    errors: job.errors,
    error: job.error,
    result: job.result,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    updatedAt: job.updatedAt.toISOString(),
  };
}

/** The job's output with what it has spent so far, for kinds that measure it (judging). */
async function withUsage(output: JobOutput): Promise<JobOutput> {
  const usage = (await loadJobKind(output.kind))?.usage;
  return usage ? { ...output, usage: await usage(output.id) } : output;
}

/** The job row of this workspace, or not_found. */
export async function findWorkspaceJob(ctx: Ctx, id: string): Promise<Job> {
  const { id: jobId } = parseInput(jobIdInput, { id });
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.workspaceId, ctx.workspace.id)));
  if (!job) throw new AppError("not_found", "No such job.");
  return job;
}

export async function getJob({ ctx, id }: { ctx: Ctx; id: string }): Promise<JobOutput> {
  assertCan(ctx, "jobs.read");
  return withUsage(toJobOutput(await findWorkspaceJob(ctx, id)));
}

export async function listJobs({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ListJobsInput;
}): Promise<{ items: JobOutput[]; nextCursor: string | null }> {
  assertCan(ctx, "jobs.read");
  const { status, kind, limit, cursor } = parseInput(listJobsInput, input);
  let after: ReturnType<typeof or> | undefined;
  if (cursor) {
    const [at, id] = cursor.split("|");
    const time = new Date(at);
    if (Number.isNaN(time.getTime()) || !id) throw new AppError("bad_request", "Bad cursor.");
    after = or(lt(jobs.createdAt, time), and(eq(jobs.createdAt, time), lt(jobs.id, id)));
  }
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.workspaceId, ctx.workspace.id),
        status ? eq(jobs.status, status) : undefined,
        kind ? eq(jobs.kind, kind) : undefined,
        after,
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit + 1);
  const items = await Promise.all(rows.slice(0, limit).map((row) => withUsage(toJobOutput(row))));
  const last = rows.length > limit ? rows[limit - 1] : null;
  return { items, nextCursor: last ? `${last.createdAt.toISOString()}|${last.id}` : null };
}

/** Jobs queued or running in every workspace (`studio jobs wait`). */
export async function countUnfinishedJobs(): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.status, ["queued", "running"]));
  return Number(row.n);
}
