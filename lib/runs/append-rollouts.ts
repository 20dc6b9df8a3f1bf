import "server-only";
import { sql } from "drizzle-orm";
import { JsonText, toArrayLiteral } from "@/db/bulk-insert";
import type { Tx } from "@/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { isAppError } from "@/lib/errors";
import { type RolloutReplacement, replaceRollouts } from "@/lib/imports/replace-rollouts";
import { type BatchTarget, type PreparedRollout, storeRolloutBatch } from "@/lib/imports/store-rollouts";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { getIngestGate } from "./ingest-gate";
import { describeItemError, parseLiveItem, prepareLiveItem } from "./live-items";
import { assertOpen, loadBatchTarget, lockLiveRun } from "./live-run";
import { appendRolloutsInput, type ItemResult } from "./schemas";

// Appends a batch of rollouts to a live run, idempotently: an item's key names its rollout within
// the run, so a batch sent again (a retry after a lost response) stores nothing twice and answers
// `duplicate`; an item with new content for a running rollout replaces it (`updated`); a bad item
// fails alone (`error`) while the others are stored. One transaction per batch.

export type Pending = { index: number; prepared: PreparedRollout };

export async function appendRollouts({
  ctx,
  runId,
  input,
}: {
  ctx: Ctx;
  runId: string;
  input: unknown;
}): Promise<{ results: ItemResult[] }> {
  assertCan(ctx, "rollouts.import");
  const { items } = parseInput(appendRolloutsInput, input);
  const results: ItemResult[] = [];
  const pending: Pending[] = [];
  const seen = new Set<string>();
  items.forEach((raw, index) => {
    const parsed = parseLiveItem(raw);
    if (!parsed.ok) {
      results[index] = { key: parsed.key, status: "error", error: parsed.error };
      return;
    }
    const { key } = parsed.item;
    if (seen.has(key)) {
      results[index] = { key, status: "error", error: "key: appears earlier in this batch" };
      return;
    }
    seen.add(key);
    try {
      pending.push({ index, prepared: prepareLiveItem(runId, parsed.item) });
    } catch (error) {
      results[index] = { key, status: "error", error: describeItemError(error) };
    }
  });
  // The run is checked even when every item failed, so a wrong run answers 404, not a list of errors.
  const write = (part: Pending[]) =>
    runInTransaction(ctx, async (tx) => {
      const run = await lockLiveRun(tx, ctx, runId, "share");
      assertOpen(run);
      if (part.length === 0) return;
      const target = await loadBatchTarget(tx, ctx, run);
      await writeItems(tx, target, part, results);
      await recordAudit(tx, ctx.actor, {
        workspaceId: ctx.workspace.id,
        action: "run.append",
        targetType: "run",
        targetId: run.id,
        details: countStatuses(part.map((p) => results[p.index])),
      });
    });
  await getIngestGate().run(async () => {
    try {
      await write(pending);
    } catch (error) {
      if (isAppError(error) || pending.length <= 1) throw error;
      // One item the database refused fails the whole transaction: store them one by one to find it.
      console.error("[runs] a batch failed; storing its items one by one", error);
      for (const p of pending) {
        await write([p]).catch((itemError: unknown) => {
          if (isAppError(itemError)) throw itemError;
          console.error("[runs] could not store an item", itemError);
          results[p.index] = { key: keyOf(p), status: "error", error: "could not store this rollout" };
        });
      }
    }
  });
  return { results };
}

/**
 * Stores prepared live rollouts by identity: created, duplicate, updated (running ones) or error.
 * `canChangeFinished`: a finished rollout with new content is updated too (OTLP: a trace's spans
 * may arrive after its root span, while the run is open).
 */
export async function writeItems(
  tx: Tx,
  target: BatchTarget,
  pending: Pending[],
  results: ItemResult[],
  { canChangeFinished = false }: { canChangeFinished?: boolean } = {},
) {
  const stored = await storeRolloutBatch(
    tx,
    target,
    pending.map((p) => p.prepared),
  );
  const existing = pending.filter((p) => !stored.ids.has(p.prepared.contentHash));
  for (const p of pending) {
    const id = stored.ids.get(p.prepared.contentHash);
    if (id) results[p.index] = { key: keyOf(p), status: "created", id };
  }
  if (existing.length === 0) return;
  const rows = existing.map((p) => [p.prepared.contentHash, new JsonText(p.prepared.originalJson)]);
  // jsonb equality is semantic (key order and spacing don't matter): a resent item compares equal.
  const found = await tx.execute<{ id: string; content_hash: string; status: string; same: boolean }>(sql`
    select r.id, r.content_hash, r.status, coalesce(s.original::jsonb = x.original, false) as same
    from unnest(${toArrayLiteral(rows, 0)}::text[], ${toArrayLiteral(rows, 1)}::jsonb[]) as x(hash, original)
    join rollouts r on r.workspace_id = ${target.workspaceId} and r.content_hash = x.hash
    left join rollout_sources s on s.rollout_id = r.id
    for update of r`);
  const byHash = new Map(found.map((row) => [row.content_hash, row]));
  const replacements: RolloutReplacement[] = [];
  for (const p of existing) {
    const row = byHash.get(p.prepared.contentHash);
    const key = keyOf(p);
    if (!row)
      results[p.index] = { key, status: "error", error: "could not store this rollout; send it again" };
    else if (row.same) results[p.index] = { key, status: "duplicate", id: row.id };
    else if (row.status === "running" || canChangeFinished) {
      replacements.push({ id: row.id, prepared: p.prepared });
      results[p.index] = { key, status: "updated", id: row.id };
    } else
      results[p.index] = {
        key,
        status: "error",
        error: `the rollout is already ${row.status}; only a running rollout can change`,
        id: row.id,
      };
  }
  await replaceRollouts(tx, target, replacements);
}

const keyOf = (p: Pending) => p.prepared.rollout.externalId ?? "";

export function countStatuses(results: ItemResult[]): Record<string, number> {
  const counts: Record<string, number> = { created: 0, duplicate: 0, updated: 0, error: 0 };
  for (const result of results) counts[result.status]++;
  return counts;
}
