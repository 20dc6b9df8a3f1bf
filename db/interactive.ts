import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { warmBackendHeapOnce } from "./backend-heap";
import { db, getDatabase, type Tx } from "./client";
import { asForeground } from "./foreground";

// Queries someone is waiting for (a page, an API request) run here: in a read transaction with a
// statement timeout, settings that keep plans predictable, and a cancel wired to the request, so a
// client that gives up frees its database backend instead of leaving the query running.

export type InteractiveOptions = {
  /** Aborted when the client goes away (Request.signal): the running statement is cancelled. */
  signal?: AbortSignal;
  /** Defaults to INTERACTIVE_QUERY_TIMEOUT_MS. */
  timeoutMs?: number;
};

/** Postgres's SQLSTATE for a statement cancelled by a timeout or a cancel request. */
const QUERY_CANCELED = "57014";

const isQueryCanceled = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  ((error as { code?: string }).code === QUERY_CANCELED ||
    (error as { cause?: { code?: string } }).cause?.code === QUERY_CANCELED);

/**
 * Runs `work` in one transaction on one connection with, for its statements only: a statement
 * timeout, custom plans for every execution (each search's own words are planned, never a generic
 * plan guessed for any tsquery), no JIT compilation (it costs more than these queries take) and no
 * parallel workers (each request uses one core, so concurrent requests share the server fairly).
 * On a server, the backend's heap is warmed the first time (db/backend-heap.ts). On the embedded
 * database the settings are accepted, but a running statement cannot be stopped.
 */
export async function runInteractive<T>(
  { signal, timeoutMs = env.INTERACTIVE_QUERY_TIMEOUT_MS }: InteractiveOptions,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  signal?.throwIfAborted();
  const isServer = getDatabase().mode === "postgres";
  try {
    // Counted as foreground work: background batches of this process wait for it (db/foreground.ts).
    return await asForeground(() =>
      db.transaction(async (tx) => {
        // Sent now (`then` runs a Drizzle query) without waiting for its answer: the work's first
        // statement follows it on the same connection (pipelined), one round trip instead of two.
        const session = tx
          .execute<{ pid: number }>(sql`select
        set_config('statement_timeout', ${String(timeoutMs)}, true),
        set_config('plan_cache_mode', 'force_custom_plan', true),
        set_config('jit', 'off', true),
        set_config('max_parallel_workers_per_gather', '0', true),
        ${isServer ? warmBackendHeapOnce : sql`null`} as heap_warmed_now,
        pg_backend_pid() as pid`)
          .then(([row]) => Number(row.pid));
        let cancelling: Promise<unknown> | null = null;
        const cancel = () => {
          // From another pooled connection; awaited below before this connection is released.
          cancelling = session
            .then((pid) => db.execute(sql`select pg_cancel_backend(${pid})`))
            .catch(() => {});
        };
        if (isServer) signal?.addEventListener("abort", cancel, { once: true });
        try {
          const [result] = await Promise.all([work(tx), session]);
          return result;
        } finally {
          signal?.removeEventListener("abort", cancel);
          await cancelling;
        }
      }),
    );
  } catch (error) {
    if (signal?.aborted) throw new AppError("bad_request", "The request was cancelled.", { cause: error });
    if (isQueryCanceled(error)) {
      throw new AppError(
        "bad_request",
        `The query took longer than ${Math.round(timeoutMs / 1000)} s and was stopped: add words or filters to narrow it.`,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * Within runInteractive: plain index scans only (no bitmap or sequential scans unless nothing else
 * can run), for plans that must read rows in index order and stop at the first match. A bitmap
 * scan reads every entry first; without statistics Postgres picks one for a rollout's messages.
 */
export async function preferOrderedIndexScans(tx: Tx): Promise<void> {
  await tx.execute(
    sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`,
  );
}
