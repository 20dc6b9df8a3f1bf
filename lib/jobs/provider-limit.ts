import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { providerPermits } from "@/db/schema";

// Per-provider concurrency and requests-per-minute, shared by every worker process on every
// machine: each request takes a permit row in Postgres (db/schema/provider-limits.ts) under a
// per-provider advisory transaction lock, so ten judge jobs on three workers never send more than
// the provider allows between them. Works the same on the embedded database.

export type ProviderLimits = {
  /** Requests in flight at once, across all workers. */
  concurrency?: number;
  /** Requests started per minute, across all workers. */
  rpm?: number;
};

type LimitOptions = {
  /** Stops waiting for a permit (the request is never sent): pass the job's signal. */
  signal?: AbortSignal;
  /** A permit whose worker died frees its slot after this long. Default 10 minutes. */
  leaseMs?: number;
  /** The rate window; 60 000 for requests per minute (shorter only in tests). */
  windowMs?: number;
};

const DEFAULT_LEASE_MS = 10 * 60_000;
const MINUTE_MS = 60_000;
/** How soon to look again when every concurrency slot is taken (with jitter). */
const SLOT_POLL_MS = 150;

type Attempt = { permitId: string } | { waitMs: number };

async function tryAcquire(
  key: string,
  limits: ProviderLimits,
  leaseMs: number,
  windowMs: number,
): Promise<Attempt> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`provider-limit:${key}`}))`);
    const windowStart = sql`now() - ${`${windowMs} milliseconds`}::interval`;
    await tx
      .delete(providerPermits)
      .where(
        and(
          eq(providerPermits.providerKey, key),
          sql`${providerPermits.createdAt} < ${windowStart}`,
          sql`(${providerPermits.releasedAt} is not null or ${providerPermits.expiresAt} < now())`,
        ),
      );
    const [usage] = await tx.execute<{ active: number; recent: number; wait_ms: number | null }>(sql`
      select
        count(*) filter (where released_at is null and expires_at > now())::int as active,
        count(*) filter (where created_at > ${windowStart})::int as recent,
        (extract(epoch from (min(created_at) filter (where created_at > ${windowStart})
          + ${`${windowMs} milliseconds`}::interval - now())) * 1000)::int as wait_ms
      from provider_permits where provider_key = ${key}`);
    const isRateFull = limits.rpm !== undefined && Number(usage.recent) >= limits.rpm;
    if (isRateFull) return { waitMs: Math.max(10, Number(usage.wait_ms ?? SLOT_POLL_MS)) };
    if (limits.concurrency !== undefined && Number(usage.active) >= limits.concurrency)
      return { waitMs: SLOT_POLL_MS / 2 + Math.random() * SLOT_POLL_MS };
    const [permit] = await tx
      .insert(providerPermits)
      .values({ providerKey: key, expiresAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .returning({ id: providerPermits.id });
    return { permitId: permit.id };
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs `fn` (one request to a provider) once a permit is free under the provider's limits, and
 * frees the permit when it ends. `key` names what is limited: a provider id, or provider + model.
 * Waiting honours `signal`; with neither limit set it runs at once.
 *
 *   const reply = await withProviderLimit(provider.id, { concurrency: 4, rpm: 500 },
 *     () => completeChat(provider, messages), { signal });
 */
export async function withProviderLimit<T>(
  key: string,
  limits: ProviderLimits,
  fn: () => Promise<T>,
  { signal, leaseMs = DEFAULT_LEASE_MS, windowMs = MINUTE_MS }: LimitOptions = {},
): Promise<T> {
  for (const [name, value] of Object.entries(limits))
    if (value !== undefined && !(Number.isInteger(value) && value > 0))
      throw new Error(`Provider limit ${name} must be a positive whole number, not ${value}.`);
  if (limits.concurrency === undefined && limits.rpm === undefined) return fn();
  let permitId: string | null = null;
  while (!permitId) {
    signal?.throwIfAborted();
    const attempt = await tryAcquire(key, limits, leaseMs, windowMs);
    if ("permitId" in attempt) permitId = attempt.permitId;
    else await sleep(attempt.waitMs, signal);
  }
  try {
    return await fn();
  } finally {
    await db
      .update(providerPermits)
      .set({ releasedAt: new Date() })
      .where(eq(providerPermits.id, permitId))
      .catch((error: unknown) => console.error(`[jobs] could not release a ${key} permit`, error));
  }
}
