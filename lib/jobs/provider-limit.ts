import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { providerLeases, providerPermits } from "@/db/schema";

// Per-provider concurrency and requests-per-minute, shared by every worker process on every
// machine, so ten judge jobs on three workers never send more than the provider allows between them.
//
// Concurrency is leased: each worker holds a number of the provider's slots in Postgres for a few
// seconds (provider_leases), granted under a per-provider advisory lock so the slots of all live
// leases never add up to more than the provider's concurrency. Requests take and return slots of
// their worker's lease in memory; the worker renews its lease ten times a second while requests wait
// and twice a second otherwise. A worker takes every free slot while no other worker is short, and
// only its fair share (slots in proportion to what each worker has in flight or waiting) once one is;
// it gives slots back as its demand falls. A worker that dies
// frees its slots when its lease runs out. So the database sees a few small transactions a second
// per worker, not one per request.
//
// Rate is counted in permit rows (one per request started, within a sliding window); a worker claims
// as many as it has requests waiting in one transaction. Works the same on the embedded database.

export type ProviderLimits = {
  /** Requests in flight at once, across all workers. */
  concurrency?: number;
  /** Requests started per minute, across all workers. */
  rpm?: number;
};

type LimitOptions = {
  /** Stops waiting (the request is never sent): pass the job's signal. */
  signal?: AbortSignal;
  /** The rate window; 60 000 for requests per minute (shorter only in tests). */
  windowMs?: number;
};

const MINUTE_MS = 60_000;
/** A lease its worker stops renewing frees its slots after this long. */
const DEFAULT_LEASE_MS = 10_000;
/** No new request starts on a lease this close to running out (it is renewed long before). */
const LEASE_MARGIN_MS = 2_000;
/** Renewal while requests wait or the lease is off its fair share, and while it is steady. */
const BUSY_RENEW_MS = 100;
const STEADY_RENEW_MS = 500;
const RETRY_RENEW_MS = 1_000;

type Waiter = {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
};

type LeaseState = {
  key: string;
  concurrency: number;
  /** Slots granted to this worker in Postgres. */
  slots: number;
  /** Its fair share at the last renewal: new requests start only below min(slots, target). */
  target: number;
  inUse: number;
  waiters: Waiter[];
  /** Local time after which the lease may have run out in Postgres. */
  validUntil: number;
  timer: NodeJS.Timeout | null;
  timerAt: number;
  isRenewing: boolean;
  isRenewDue: boolean;
};

function removeWaiter(list: Waiter[], waiter: Waiter) {
  const at = list.indexOf(waiter);
  if (at !== -1) list.splice(at, 1);
}

function wait(list: Waiter[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const waiter: Waiter = { resolve, reject, signal };
    if (signal) {
      waiter.onAbort = () => {
        removeWaiter(list, waiter);
        reject(signal.reason);
      };
      signal.addEventListener("abort", waiter.onAbort, { once: true });
    }
    list.push(waiter);
  });
}

function wake(waiter: Waiter) {
  if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
  waiter.resolve();
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

export type ProviderLimiter = {
  run<T>(key: string, limits: ProviderLimits, fn: () => Promise<T>, options?: LimitOptions): Promise<T>;
  /** Gives every lease back (tests; a worker that stops may simply let its leases run out). */
  close(): Promise<void>;
};

/**
 * A limiter for one worker process. Every process uses one (withProviderLimit's); tests make two to
 * stand for two workers sharing a database.
 */
export function createProviderLimiter({
  holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  leaseMs = DEFAULT_LEASE_MS,
}: {
  holder?: string;
  leaseMs?: number;
} = {}): ProviderLimiter {
  const leases = new Map<string, LeaseState>();
  const rates = new Map<string, { waiters: Waiter[]; isPumping: boolean }>();

  const canStart = (s: LeaseState) =>
    s.inUse < Math.min(s.slots, s.target) && Date.now() < s.validUntil - LEASE_MARGIN_MS;

  function drain(s: LeaseState) {
    while (s.waiters.length > 0 && canStart(s)) {
      s.inUse += 1;
      const next = s.waiters.shift();
      if (next) wake(next);
    }
  }

  function schedule(s: LeaseState, delayMs: number) {
    if (s.isRenewing) {
      if (delayMs <= BUSY_RENEW_MS) s.isRenewDue = true;
      return;
    }
    const at = Date.now() + delayMs;
    if (s.timer && s.timerAt <= at) return;
    if (s.timer) clearTimeout(s.timer);
    s.timerAt = at;
    s.timer = setTimeout(() => {
      s.timer = null;
      void renew(s);
    }, delayMs);
    // A lease with nothing waiting on it never keeps the process alive.
    if (s.waiters.length === 0) s.timer.unref?.();
  }

  /** One transaction: take this worker's fair share of what other live leases leave free. */
  async function renew(s: LeaseState) {
    s.isRenewing = true;
    s.isRenewDue = false;
    const began = Date.now();
    let failed = false;
    try {
      const wanted = s.inUse + s.waiters.length;
      const granted = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`provider-lease:${s.key}`}))`);
        await tx
          .delete(providerLeases)
          .where(and(eq(providerLeases.providerKey, s.key), sql`${providerLeases.expiresAt} < now()`));
        const rows = await tx
          .select({
            holder: providerLeases.holder,
            slots: providerLeases.slots,
            wanted: providerLeases.wanted,
          })
          .from(providerLeases)
          .where(eq(providerLeases.providerKey, s.key));
        const others = rows.filter((r) => r.holder !== holder);
        const available = Math.max(0, s.concurrency - others.reduce((n, r) => n + r.slots, 0));
        // While no other worker is short of slots, take all that are free (so requests keep starting
        // without a renewal); once one is, keep only a share in proportion to demand.
        const isOtherShort = others.some((r) => r.wanted > r.slots);
        const othersWanted = others.reduce((n, r) => n + r.wanted, 0);
        const share = isOtherShort
          ? Math.min(wanted, Math.ceil((s.concurrency * wanted) / (othersWanted + wanted)))
          : s.concurrency;
        const target = wanted === 0 ? 0 : Math.min(available, share);
        // Slots in flight are kept until they come back; never more than the others leave free.
        const slots = Math.min(Math.max(s.inUse, target), available);
        if (slots === 0 && wanted === 0) {
          await tx
            .delete(providerLeases)
            .where(and(eq(providerLeases.providerKey, s.key), eq(providerLeases.holder, holder)));
        } else {
          const expiresAt = sql`now() + ${`${leaseMs} milliseconds`}::interval`;
          await tx
            .insert(providerLeases)
            .values({ providerKey: s.key, holder, slots, wanted, expiresAt })
            .onConflictDoUpdate({
              target: [providerLeases.providerKey, providerLeases.holder],
              set: { slots, wanted, expiresAt, updatedAt: new Date() },
            });
        }
        return { slots, target };
      });
      s.slots = granted.slots;
      s.target = granted.target;
      s.validUntil = began + leaseMs;
    } catch (error) {
      failed = true;
      console.error(`[jobs] could not renew the ${s.key} provider lease`, error);
    } finally {
      s.isRenewing = false;
    }
    drain(s);
    const wanted = s.inUse + s.waiters.length;
    if (failed) schedule(s, RETRY_RENEW_MS);
    else if (s.isRenewDue || s.waiters.length > 0) schedule(s, BUSY_RENEW_MS);
    else if (s.slots > 0 || wanted > 0) schedule(s, STEADY_RENEW_MS);
    else leases.delete(s.key);
  }

  async function takeSlot(key: string, concurrency: number, signal?: AbortSignal): Promise<LeaseState> {
    let s = leases.get(key);
    if (!s) {
      s = {
        key,
        concurrency,
        slots: 0,
        target: 0,
        inUse: 0,
        waiters: [],
        validUntil: 0,
        timer: null,
        timerAt: 0,
        isRenewing: false,
        isRenewDue: false,
      };
      leases.set(key, s);
    }
    s.concurrency = concurrency;
    if (s.waiters.length === 0 && canStart(s)) {
      s.inUse += 1;
      return s;
    }
    const waiting = wait(s.waiters, signal);
    schedule(s, 0);
    await waiting;
    return s;
  }

  function giveSlot(s: LeaseState) {
    s.inUse -= 1;
    drain(s);
    // Over its share, or nothing left to send: hand slots back soon, so other workers get them.
    if (s.waiters.length === 0 && (s.inUse === 0 || s.target < s.slots)) schedule(s, BUSY_RENEW_MS);
  }

  /** Claims rate permits for as many waiting requests as the window allows, in one transaction each time. */
  async function pumpRate(key: string, rpm: number, windowMs: number) {
    const rate = rates.get(key);
    if (!rate || rate.isPumping) return;
    rate.isPumping = true;
    try {
      while (rate.waiters.length > 0) {
        const want = rate.waiters.length;
        const { granted, waitMs } = await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`provider-limit:${key}`}))`);
          // clock_timestamp(), not the transaction's start: a permit is dated as late as it can be
          // before its request is sent, and the window is measured from when it is checked.
          const windowStart = sql`clock_timestamp() - ${`${windowMs} milliseconds`}::interval`;
          await tx
            .delete(providerPermits)
            .where(
              and(eq(providerPermits.providerKey, key), sql`${providerPermits.createdAt} < ${windowStart}`),
            );
          const [usage] = await tx.execute<{ recent: number; wait_ms: number | null }>(sql`
            select count(*)::int as recent,
              (extract(epoch from (min(created_at) + ${`${windowMs} milliseconds`}::interval - clock_timestamp())) * 1000)::int as wait_ms
            from provider_permits where provider_key = ${key} and created_at > ${windowStart}`);
          const n = Math.min(want, rpm - Number(usage.recent));
          if (n <= 0) return { granted: 0, waitMs: Math.max(10, Number(usage.wait_ms ?? 100)) };
          await tx.insert(providerPermits).values(
            Array.from({ length: n }, () => ({
              providerKey: key,
              createdAt: sql`clock_timestamp()`,
              releasedAt: sql`clock_timestamp()`,
              expiresAt: sql`clock_timestamp() + ${`${windowMs} milliseconds`}::interval`,
            })),
          );
          return { granted: n, waitMs: 0 };
        });
        for (const waiter of rate.waiters.splice(0, granted)) wake(waiter);
        if (granted === 0) await sleep(waitMs);
      }
    } catch (error) {
      for (const waiter of rate.waiters.splice(0)) waiter.reject(error);
    } finally {
      rate.isPumping = false;
      if (rate.waiters.length === 0) rates.delete(key);
    }
  }

  async function takeRatePermit(key: string, rpm: number, windowMs: number, signal?: AbortSignal) {
    let rate = rates.get(key);
    if (!rate) {
      rate = { waiters: [], isPumping: false };
      rates.set(key, rate);
    }
    const waiting = wait(rate.waiters, signal);
    void pumpRate(key, rpm, windowMs);
    await waiting;
  }

  return {
    async run(key, limits, fn, { signal, windowMs = MINUTE_MS } = {}) {
      for (const [name, value] of Object.entries(limits))
        if (value !== undefined && !(Number.isInteger(value) && value > 0))
          throw new Error(`Provider limit ${name} must be a positive whole number, not ${value}.`);
      if (limits.concurrency === undefined && limits.rpm === undefined) return fn();
      signal?.throwIfAborted();
      const lease = limits.concurrency === undefined ? null : await takeSlot(key, limits.concurrency, signal);
      try {
        if (limits.rpm !== undefined) await takeRatePermit(key, limits.rpm, windowMs, signal);
        return await fn();
      } finally {
        if (lease) giveSlot(lease);
      }
    },
    async close() {
      for (const s of leases.values()) {
        if (s.timer) clearTimeout(s.timer);
        s.timer = null;
      }
      await db.delete(providerLeases).where(eq(providerLeases.holder, holder));
      leases.clear();
    },
  };
}

const processLimiter = createProviderLimiter();

/**
 * Runs `fn` (one request to a provider) once a slot is free under the provider's limits, across
 * every worker, and frees it when `fn` ends. `key` names what is limited: a provider id, or
 * provider + model. Waiting honours `signal`; with neither limit set it runs at once.
 *
 *   const reply = await withProviderLimit(provider.id, { concurrency: 4, rpm: 500 },
 *     () => completeChat(provider, messages), { signal });
 */
export function withProviderLimit<T>(
  key: string,
  limits: ProviderLimits,
  fn: () => Promise<T>,
  options: LimitOptions = {},
): Promise<T> {
  return processLimiter.run(key, limits, fn, options);
}
