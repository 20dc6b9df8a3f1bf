import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db, type Executor } from "@/db/client";
import { type Job, type JobActor, jobs } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { parseInput } from "@/lib/validation";
import { ensureQueue, getReadyBoss, queueDbFor } from "./boss";
import type { JobKind } from "./define-job-kind";
import { wakeWorker } from "./wake";

/** The job's actor as stored: enough to rebuild the starter's context before each attempt. */
export function toJobActor(ctx: Ctx): JobActor {
  const { actor } = ctx;
  if (actor.kind === "user") return { kind: "user", userId: actor.userId };
  if (actor.kind === "api-key") return { kind: "api-key", apiKeyId: actor.apiKeyId };
  return { kind: "cli" };
}

/** Who started a job, for display. */
export function describeStarter(ctx: Ctx): string {
  const { actor } = ctx;
  if (actor.kind === "user") return actor.email;
  if (actor.kind === "api-key") return `API key ${actor.name}`;
  return "command line";
}

/** pg-boss options of a kind's deliveries. Our row decides when a job has failed for good (maxAttempts); pg-boss schedules the retries. */
export function deliveryOptions(kind: JobKind<unknown>) {
  return {
    retryLimit: kind.maxAttempts + 2,
    retryDelay: kind.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: kind.expireInSeconds,
  };
}

/** The pg-boss delivery of a job row: sent in the same transaction, so neither exists without the other. */
export async function sendDelivery(
  executor: Executor,
  kind: JobKind<unknown>,
  jobId: string,
): Promise<string> {
  const boss = getReadyBoss(kind.kind);
  if (!boss)
    throw new Error(`Job kind "${kind.kind}" is not ready: call prepareJobKind() before the transaction.`);
  const queueJobId = await boss.send(
    kind.kind,
    { jobId },
    { db: queueDbFor(executor), ...deliveryOptions(kind) },
  );
  if (!queueJobId) throw new Error(`pg-boss refused a job for ${kind.kind}`);
  await executor.update(jobs).set({ queueJobId }).where(eq(jobs.id, jobId));
  return queueJobId;
}

/** Starts pg-boss with the kind's queue; required before enqueueJob inside a caller's transaction. */
export async function prepareJobKind(kind: JobKind<unknown>): Promise<void> {
  await ensureQueue(kind.kind);
}

/**
 * Queues a job. With a `key`, a job of the same kind and key already queued in the workspace is
 * returned instead of a second one (one may still be running: the new one runs after, and finds
 * its work done if nothing changed). Pass `executor` to enqueue inside your own transaction (call
 * prepareJobKind first); the job is then delivered only if your transaction commits.
 */
export async function enqueueJob<P, I>({
  ctx,
  kind,
  payload,
  key,
  executor,
}: {
  ctx: Ctx;
  kind: JobKind<P, I>;
  payload: I;
  key?: string;
  executor?: Executor;
}): Promise<Job> {
  if (kind.permission) assertCan(ctx, kind.permission);
  const input = parseInput(kind.payload, payload) as Record<string, unknown>;
  if (!executor) await prepareJobKind(kind as JobKind<unknown>);
  const insert = async (tx: Executor, tries = 3): Promise<Job> => {
    const [created] = await tx
      .insert(jobs)
      .values({
        workspaceId: ctx.workspace.id,
        kind: kind.kind,
        key: key ?? null,
        payload: input,
        actor: toJobActor(ctx),
        createdById: ctx.actor.kind === "user" ? ctx.actor.userId : null,
        apiKeyId: ctx.actor.kind === "api-key" ? ctx.actor.apiKeyId : null,
        startedBy: describeStarter(ctx),
        maxAttempts: kind.maxAttempts,
      })
      .onConflictDoNothing({
        target: [jobs.workspaceId, jobs.kind, jobs.key],
        where: sql`status = 'queued' and key is not null`,
      })
      .returning();
    if (!created) {
      const [existing] = await tx
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.workspaceId, ctx.workspace.id),
            eq(jobs.kind, kind.kind),
            eq(jobs.key, key as string),
            eq(jobs.status, "queued"),
          ),
        );
      if (existing) return existing;
      // It left the queue (a worker claimed it) between the two statements: queue ours after all.
      if (tries > 1) return insert(tx, tries - 1);
      throw new Error(`Could not queue ${kind.kind} job ${key}`);
    }
    const queueJobId = await sendDelivery(tx, kind as JobKind<unknown>, created.id);
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "job.enqueue",
      targetType: "job",
      targetId: created.id,
      details: { kind: kind.kind, key: key ?? null },
    });
    return { ...created, queueJobId };
  };
  const job = executor ? await insert(executor) : await db.transaction((tx) => insert(tx));
  wakeWorker();
  return job;
}
