import { sql } from "drizzle-orm";
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { apiKeys, users, workspaceRef } from "./accounts";
import { id, timestamps } from "./columns";

// Background jobs as users see them (lib/jobs/). Delivery (claiming, retry backoff, expiry) is
// pg-boss's, in its own `pgboss` schema; this row is the truth about a job: who started it, its
// status, progress and errors, and the lease (run token + heartbeat) of the worker running it.

export const jobStatus = pgEnum("job_status", ["queued", "running", "succeeded", "failed", "cancelled"]);

/** A failed item of a job (a rollout, a file, a record) and why. */
export type JobItemError = { item: string; message: string; at: string };

/** Who started a job, so a worker can act for them as they are now (role re-checked). */
export type JobActor =
  | { kind: "user"; userId: string }
  | { kind: "api-key"; apiKeyId: string }
  | { kind: "cli" };

export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    workspaceId: workspaceRef(),
    /** The job kind's name (lib/jobs/registry.ts), e.g. `import`, `search-index`, `judge`. */
    kind: text().notNull(),
    /** Idempotency key: at most one queued job per workspace, kind and key. */
    key: text(),
    status: jobStatus().notNull().default("queued"),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    actor: jsonb().$type<JobActor>().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    apiKeyId: uuid().references(() => apiKeys.id, { onDelete: "set null" }),
    /** Who started it, for display: an email, "API key <name>", "command line" or "studio". */
    startedBy: text().notNull(),
    /** Items to process; null until the handler knows. */
    total: integer(),
    done: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    /** How far along, 0–1, for jobs whose items are unknown up front (an import reads bytes). */
    fraction: doublePrecision(),
    /** The most recent item errors (capped); `failed` counts them all. */
    errors: jsonb().$type<JobItemError[]>().notNull().default([]),
    /** Why the job failed, or the last attempt's error while it waits to be retried. */
    error: text(),
    result: jsonb().$type<Record<string, unknown>>(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    /** The pg-boss job that delivers this job now; older deliveries are ignored. */
    queueJobId: uuid(),
    /** Set by the worker that claimed the job; a heartbeat or write with another token is refused. */
    runToken: uuid(),
    heartbeatAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("jobs_workspace_created_idx").on(t.workspaceId, t.createdAt),
    index("jobs_status_idx").on(t.status),
    index("jobs_created_by_idx").on(t.createdById),
    index("jobs_api_key_idx").on(t.apiKeyId),
    uniqueIndex("jobs_queued_key")
      .on(t.workspaceId, t.kind, t.key)
      .where(sql`status = 'queued' and key is not null`),
  ],
);

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

/**
 * What a `probe` job did: one row per key, whichever worker ran it and however often it was
 * delivered. The benchmark's no-op jobs and the exactly-once tests check their effects here.
 */
export const jobProbes = pgTable(
  "job_probes",
  {
    id: id(),
    workspaceId: workspaceRef(),
    key: text().notNull(),
    /** Which process stored it (`pid@host`). */
    worker: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("job_probes_workspace_key").on(t.workspaceId, t.key)],
);
