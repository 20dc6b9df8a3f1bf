import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { jobs } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { getBoss } from "./boss";
import { findWorkspaceJob, toJobOutput } from "./queries";
import { loadJobKind } from "./registry";
import { abortLocalRun, runSettledHook } from "./run-job";
import type { JobOutput } from "./schemas";

/**
 * Cancels a queued or running job. A queued one never runs; a running one is told at once in this
 * process and at its next heartbeat elsewhere (HEARTBEAT_MS), stops, and keeps what it did.
 */
export async function cancelJob({ ctx, id }: { ctx: Ctx; id: string }): Promise<JobOutput> {
  assertCan(ctx, "jobs.manage");
  const job = await findWorkspaceJob(ctx, id);
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({
        status: "cancelled",
        error: `Cancelled by ${ctx.actor.kind === "user" ? ctx.actor.email : ctx.actor.kind === "api-key" ? `API key ${ctx.actor.name}` : "the command line"}.`,
        // A running job keeps its run token until its worker has stopped (run-job.ts finishes it).
        finishedAt: job.status === "queued" ? new Date() : undefined,
      })
      .where(and(eq(jobs.id, job.id), inArray(jobs.status, ["queued", "running"])))
      .returning();
    if (!row) return null;
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "job.cancel",
      targetType: "job",
      targetId: job.id,
      details: { kind: job.kind, was: job.status },
    });
    return row;
  });
  if (!cancelled) throw new AppError("conflict", `The job has already ${job.status}.`);
  abortLocalRun(job.id, "cancelled");
  const kind = await loadJobKind(job.kind);
  if (kind && job.queueJobId) {
    const boss = await getBoss();
    await boss.cancel(kind.kind, job.queueJobId).catch(() => {});
  }
  if (kind && job.status === "queued") await runSettledHook(kind, job, "cancelled", cancelled.error);
  return toJobOutput(cancelled);
}
