import "server-only";
import { and, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { rollouts } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { defineJobKind } from "@/lib/jobs/define-job-kind";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { yieldToForegroundWork } from "@/lib/jobs/yield-to-foreground";
import { buildFilterConditions } from "@/lib/rollouts/filter-sql";
import { rolloutFilterInput } from "@/lib/rollouts/schemas";
import { yieldToSearchIndexing } from "@/lib/search/search-index-job";
import { requestLlmScanning } from "./llm/llm-scan-job";
import { needsScanSql, scanAllPendingRollouts } from "./scan-rollouts";

// Scanning as a background job: runs the deterministic signatures over the workspace's rollouts
// the current signature set hasn't seen (never scanned, or scanned before a signature changed: their
// flags are updated in place), all of them or those a Rollouts filter matches. Idempotent: each batch claims
// unscanned rollouts with SKIP LOCKED and records them scanned with their flags, so a job that runs
// again continues where the first stopped. Imports request one when they store rollouts.

/** The rollout filter of POST /api/v1/jobs {"kind":"scan","filter":{…}} (the Rollouts list's fields). */
const scanFilter = rolloutFilterInput.omit({ sort: true, cursor: true, limit: true });

export const scanPayload = z.object({ filter: scanFilter.optional() });

/** Rollouts a filtered job considers at most (the unfiltered job has no cap). */
const MAX_FILTERED_ROLLOUTS = 100_000;

export const scanJob = defineJobKind({
  kind: "scan",
  payload: scanPayload,
  permission: "scanners.run",
  maxAttempts: 5,
  retryDelaySeconds: 10,
  maxPerWorker: 1,
  async handler({ ctx, payload, signal, progress }) {
    const workspaceId = ctx.workspace.id;
    let rolloutIds: string[] | undefined;
    if (payload.filter && Object.keys(payload.filter).length > 0) {
      const filter = rolloutFilterInput.parse({ ...payload.filter, limit: 1 });
      const rows = await db
        .select({ id: rollouts.id })
        .from(rollouts)
        .where(and(...buildFilterConditions(workspaceId, filter)))
        .limit(MAX_FILTERED_ROLLOUTS);
      rolloutIds = rows.map((r) => r.id);
    }
    const [pending] = await db.execute<{ n: number }>(sql`select count(*)::int as n from rollouts r
      where r.workspace_id = ${workspaceId} and ${needsScanSql(sql`r.id`)}`);
    progress.setTotal(rolloutIds ? Math.min(rolloutIds.length, Number(pending.n)) : Number(pending.n));
    const total = await scanAllPendingRollouts({
      workspaceId,
      rolloutIds,
      signal,
      onBatch: (batch) => progress.addDone(batch.scanned),
      beforeBatch: async () => {
        await yieldToForegroundWork(signal);
        // New rollouts become searchable first; the scan follows (see yieldToSearchIndexing).
        await yieldToSearchIndexing(workspaceId, signal);
      },
    });
    // The deployed LLM scanner follows up on what arrived (after the deterministic hits it takes as hints).
    if (total.scanned > 0 && !signal.aborted) await requestLlmScanning(ctx);
    return { scanned: total.scanned, flagged: total.flagged, rescanned: total.rescanned };
  },
});

/**
 * Asks for the workspace's new rollouts to be scanned: one queued job per workspace at a time (a
 * running one may be joined by one queued behind it, which picks up what arrived meanwhile).
 */
export async function requestScanning(ctx: Ctx): Promise<void> {
  await enqueueJob({ ctx, kind: scanJob, payload: {}, key: "scan" });
}
