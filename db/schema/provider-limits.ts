import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";

// Per-provider concurrency and requests-per-minute, shared by every worker (lib/jobs/provider-limit.ts).
// Rate: one permit row per request started, counted against the provider's rate for a window after
// createdAt (workers claim several at once when several requests wait). releasedAt and expiresAt
// date from when permits also held concurrency slots; concurrency is now leased (below).

export const providerPermits = pgTable(
  "provider_permits",
  {
    id: id(),
    /** Whatever names the limited thing: a provider id, or `openai:gpt-4o`. */
    providerKey: text().notNull(),
    releasedAt: timestamp({ withTimezone: true }),
    /** A permit never released (its worker died) stops holding a slot at this time. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("provider_permits_key_created_idx").on(t.providerKey, t.createdAt)],
);

// Concurrency is leased per worker, not per request: a worker holds a number of a provider's slots
// for a few seconds at a time and renews while it needs them, so requests start and end without a
// database round trip. The slots of every live lease never add up to more than the provider's
// concurrency (lib/jobs/provider-limit.ts grants them under a per-provider advisory lock).

export const providerLeases = pgTable(
  "provider_leases",
  {
    id: id(),
    providerKey: text().notNull(),
    /** The worker process holding the lease (host, pid and a random suffix). */
    holder: text().notNull(),
    /** Slots this worker may have in flight. */
    slots: integer().notNull(),
    /** Requests this worker has in flight or waiting: its claim on a fair share. */
    wanted: integer().notNull(),
    /** A lease its worker stopped renewing (it died or stalled) frees its slots at this time. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("provider_leases_key_holder_idx").on(t.providerKey, t.holder)],
);
