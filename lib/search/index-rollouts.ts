import { sql } from "drizzle-orm";
import { ANALYZE_AFTER_ROWS, analyzeTables } from "@/db/analyze";
import { configureBatchTransaction } from "@/db/batch-transaction";
import { db, type Executor } from "@/db/client";
import { uuidArray } from "@/db/uuid-array";
import { insertSearchRows } from "./insert-search-rows";

// The search indexer's unit of work: index the messages of the oldest rollouts not yet indexed.
// Building tsvectors costs several times more than storing the messages, so imports store and
// return, and this runs after them (in the studio server, or `studio index`). Any number of
// processes may run it: each claims its rollouts with SKIP LOCKED. A Postgres server builds the
// vectors; with the embedded database they are built in Node (insert-search-rows.ts says why).

/** Messages indexed per transaction, so one batch never holds the (embedded) connection for long. */
export const DEFAULT_MESSAGE_BUDGET = 4_000;
/** Rollouts considered per batch; the message budget usually cuts the batch shorter. */
const CANDIDATE_ROLLOUTS = 200;
/**
 * Memory for the batch's GIN insertion, which merges the index's pending list when it fills: the
 * default 4 MB makes it merge in small rounds (inserting the import bench's 104,000 messages took
 * 3.8 s of CPU with 4 MB, 2.6 s with 64 MB). An upper bound for this transaction, not an allocation.
 */
const INDEX_WORK_MEM = "64MB";

export type IndexedBatch = { rollouts: number; messages: number };

/**
 * Indexes one batch: the oldest pending rollouts up to `messageBudget` messages. A rollout larger
 * than the budget is indexed a slice at a time (each batch resumes after its last indexed message),
 * so no transaction grows with the transcript. Zero rollouts and messages means nothing is pending.
 */
export async function indexPendingRollouts({
  messageBudget = DEFAULT_MESSAGE_BUDGET,
  workspaceId,
}: {
  messageBudget?: number;
  /** Only this workspace's rollouts (the search-index job); all when omitted (`studio index`). */
  workspaceId?: string;
} = {}): Promise<IndexedBatch> {
  return db.transaction(async (tx) => {
    await configureBatchTransaction(tx, { workMem: INDEX_WORK_MEM });
    const inWorkspace = workspaceId ? sql`and workspace_id = ${workspaceId}` : sql``;
    // NO KEY UPDATE: labels and other rows referencing a rollout may still be written meanwhile.
    const candidates = await tx.execute<{ id: string; message_count: number }>(sql`
      select id, message_count from rollouts where search_indexed_at is null ${inWorkspace}
      order by created_at, id limit ${CANDIDATE_ROLLOUTS} for no key update skip locked`);
    if (candidates.length === 0) return { rollouts: 0, messages: 0 };

    const [first] = candidates;
    if (first.message_count > messageBudget) {
      const [{ next }] = await tx.execute<{ next: number }>(sql`
        select coalesce(max(message_index) + 1, 0)::int as next from message_search where rollout_id = ${first.id}`);
      const end = Number(next) + messageBudget;
      await insertSearchRows(tx, { rolloutId: first.id, from: Number(next), to: end });
      const finished = end >= first.message_count;
      if (finished) await markIndexed(tx, [first.id]);
      return { rollouts: finished ? 1 : 0, messages: Math.min(end, first.message_count) - Number(next) };
    }

    const ids: string[] = [];
    let messages = 0;
    for (const row of candidates) {
      if (messages + row.message_count > messageBudget) break;
      ids.push(row.id);
      messages += row.message_count;
    }
    await indexClaimedRollouts(tx, ids);
    return { rollouts: ids.length, messages };
  });
}

/** Indexes these rollouts' messages now, in the caller's transaction (seeding, test factories). */
export async function indexRollouts(executor: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  // Claimed as the indexer claims them: one that a running batch holds is written by that batch,
  // and read back here (indexed already) once it commits.
  await executor.execute(sql`select id from rollouts where id = any(${uuidArray(ids)}) for no key update`);
  await indexClaimedRollouts(executor, ids);
}

async function indexClaimedRollouts(executor: Executor, ids: string[]): Promise<void> {
  await insertSearchRows(executor, { rolloutIds: ids });
  await markIndexed(executor, ids);
}

async function markIndexed(executor: Executor, ids: string[]): Promise<void> {
  await executor.execute(
    sql`update rollouts set search_indexed_at = now() where id = any(${uuidArray(ids)})`,
  );
}

/**
 * Batches indexed at once, each on its own connection: to_tsvector is CPU-bound, so two use two
 * cores of the database server. (On the embedded database's one connection they take turns.)
 */
export const INDEX_WORKERS = 2;

/** A batch that found nothing pending. */
export const isEmptyBatch = (batch: IndexedBatch) => batch.rollouts === 0 && batch.messages === 0;

/**
 * How often a worker held back by `workersNow` asks again: the wait between an import's end and the
 * first batch (a one-row query on jobs; at 500 ms the import bench's first batch came 460 ms late).
 */
const HELD_BACK_POLL_MS = 100;

/**
 * Indexes until nothing is pending, with INDEX_WORKERS batches at a time, then refreshes the
 * statistics of the tables it filled when it indexed ANALYZE_AFTER_ROWS messages or more (the
 * messages' too: imports leave theirs to indexing). Returns the totals.
 */
export async function indexAllPendingRollouts({
  messageBudget,
  workspaceId,
  signal,
  onBatch,
  beforeBatch,
  workersNow,
}: {
  messageBudget?: number;
  workspaceId?: string;
  /** Stops after the batches in flight (each is its own transaction, so nothing is half done). */
  signal?: AbortSignal;
  onBatch?: (batch: IndexedBatch, total: IndexedBatch) => void;
  /** Awaited before each batch (the search-index job gives way to live appends there). */
  beforeBatch?: () => Promise<void>;
  /**
   * How many of the INDEX_WORKERS may run batches now (all when omitted; 0 pauses indexing). The
   * others wait, asking again every HELD_BACK_POLL_MS, and go on when allowed or, while at least one
   * may run, once every worker before them is done.
   */
  workersNow?: () => Promise<number>;
} = {}): Promise<IndexedBatch> {
  const total: IndexedBatch = { rollouts: 0, messages: 0 };
  const isRunning = Array.from({ length: INDEX_WORKERS }, () => true);
  const isHeldBack = async (rank: number) => {
    if (workersNow === undefined || signal?.aborted) return false;
    const allowed = await workersNow();
    // The first worker still running waits only while none may run.
    const isFirst = !isRunning.slice(0, rank).some(Boolean);
    return isFirst ? allowed === 0 : rank >= allowed;
  };
  const worker = async (rank: number) => {
    try {
      for (;;) {
        await beforeBatch?.();
        while (await isHeldBack(rank)) await pause(HELD_BACK_POLL_MS, signal);
        if (signal?.aborted) return;
        const batch = await indexPendingRollouts({ messageBudget, workspaceId });
        if (isEmptyBatch(batch)) return;
        total.rollouts += batch.rollouts;
        total.messages += batch.messages;
        onBatch?.(batch, total);
      }
    } finally {
      isRunning[rank] = false;
    }
  };
  await Promise.all(Array.from({ length: INDEX_WORKERS }, (_, rank) => worker(rank)));
  if (!signal?.aborted && total.messages >= ANALYZE_AFTER_ROWS)
    await analyzeTables(db, ["message_search", "messages", "rollouts"]);
  return total;
}

/** Waits `ms`, or less when `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}

/** Rollouts of a workspace whose messages are not searchable yet. */
export async function countPendingRollouts(workspaceId: string, executor: Executor = db): Promise<number> {
  const [row] = await executor.execute<{ n: number }>(sql`
    select count(*)::int as n from rollouts
    where search_indexed_at is null and workspace_id = ${workspaceId}`);
  return Number(row.n);
}
