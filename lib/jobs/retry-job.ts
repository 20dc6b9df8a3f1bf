import "server-only";
import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { db } from "@/db/client";
import { jobs } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { prepareJobKind, sendDelivery } from "./enqueue-job";
import { findWorkspaceJob, toJobOutput } from "./queries";
import { loadJobKind } from "./registry";
import type { JobOutput } from "./schemas";
import { STALE_AFTER_MS } from "./timing";
import { wakeWorker } from "./wake";

/**
 * Queues a failed or cancelled job again, with all its attempts ahead of it. Its progress counts
 * stay: handlers are idempotent, so what it finished before is skipped and recounted.
 */
export async function retryJob({ ctx, id }: { ctx: Ctx; id: string }): Promise<JobOutput> {
  assertCan(ctx, "jobs.manage");
  const job = await findWorkspaceJob(ctx, id);
  const kind = await loadJobKind(job.kind);
  if (!kind) throw new AppError("conflict", `This studio no longer runs "${job.kind}" jobs.`);
  await prepareJobKind(kind);
  const retried = await db.transaction(async (tx) => {
    const [queued] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.workspaceId, ctx.workspace.id),
          eq(jobs.kind, job.kind),
          eq(jobs.status, "queued"),
          job.key ? eq(jobs.key, job.key) : isNull(jobs.id),
        ),
      );
    if (queued) throw new AppError("conflict", "The same job is already queued again.");
    const [row] = await tx
      .update(jobs)
      .set({
        status: "queued",
        attempts: 0,
        runToken: null,
        heartbeatAt: null,
        finishedAt: null,
        error: null,
      })
      .where(
        and(
          eq(jobs.id, job.id),
          inArray(jobs.status, ["failed", "cancelled"]),
          or(isNull(jobs.runToken), lt(jobs.heartbeatAt, new Date(Date.now() - STALE_AFTER_MS))),
        ),
      )
      .returning();
    if (!row) return null;
    const queueJobId = await sendDelivery(tx, kind, job.id);
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "job.retry",
      targetType: "job",
      targetId: job.id,
      details: { kind: job.kind, was: job.status },
    });
    return { ...row, queueJobId };
  });
  if (!retried)
    throw new AppError(
      "conflict",
      job.status === "running"
        ? "The job is still stopping; try again in a moment."
        : `Only failed or cancelled jobs can be retried; this one is ${job.status}.`,
    );
  wakeWorker();
  return toJobOutput(retried);
}
