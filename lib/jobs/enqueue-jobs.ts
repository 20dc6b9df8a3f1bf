import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { jobs } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { parseInput } from "@/lib/validation";
import { ensureQueue, queueDbFor } from "./boss";
import type { JobKind } from "./define-job-kind";
import { deliveryOptions, describeStarter, toJobActor } from "./enqueue-job";
import { wakeWorker } from "./wake";

const CHUNK = 1_000;

/**
 * Queues many jobs of one kind at once (one statement per thousand for the rows and for their
 * deliveries), e.g. one job per rollout. Keys as in enqueueJob: one already queued is skipped.
 * Returns how many were queued.
 */
export async function enqueueJobs<P, I>({
  ctx,
  kind,
  items,
}: {
  ctx: Ctx;
  kind: JobKind<P, I>;
  items: { payload: I; key?: string }[];
}): Promise<number> {
  if (kind.permission) assertCan(ctx, kind.permission);
  const parsed = items.map((item) => ({
    key: item.key ?? null,
    payload: parseInput(kind.payload, item.payload) as Record<string, unknown>,
  }));
  const boss = await ensureQueue(kind.kind);
  const options = deliveryOptions(kind as JobKind<unknown>);
  let queued = 0;
  for (let start = 0; start < parsed.length; start += CHUNK) {
    const chunk = parsed.slice(start, start + CHUNK);
    queued += await db.transaction(async (tx) => {
      const rows = await tx
        .insert(jobs)
        .values(
          chunk.map(({ key, payload }) => ({
            workspaceId: ctx.workspace.id,
            kind: kind.kind,
            key,
            payload,
            actor: toJobActor(ctx),
            createdById: ctx.actor.kind === "user" ? ctx.actor.userId : null,
            apiKeyId: ctx.actor.kind === "api-key" ? ctx.actor.apiKeyId : null,
            startedBy: describeStarter(ctx),
            maxAttempts: kind.maxAttempts,
            queueJobId: randomUUID(),
          })),
        )
        .onConflictDoNothing({
          target: [jobs.workspaceId, jobs.kind, jobs.key],
          where: sql`status = 'queued' and key is not null`,
        })
        .returning({ id: jobs.id, queueJobId: jobs.queueJobId });
      await boss.insert(
        rows.map((row) => ({
          id: row.queueJobId as string,
          name: kind.kind,
          data: { jobId: row.id },
          ...options,
        })),
        { db: queueDbFor(tx) },
      );
      await recordAudit(tx, ctx.actor, {
        workspaceId: ctx.workspace.id,
        action: "job.enqueue",
        targetType: "job",
        details: { kind: kind.kind, count: rows.length },
      });
      return rows.length;
    });
  }
  wakeWorker();
  return queued;
}
