import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";

// Per-provider concurrency and requests-per-minute, shared by every worker (lib/jobs/provider-limit.ts).
// One row per request to a provider: it holds a concurrency slot until releasedAt (or expiresAt, if
// its worker died), and counts against the provider's rate for a minute after createdAt.

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
