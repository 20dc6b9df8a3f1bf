import {
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users, workspaceRef } from "./accounts";
import { id, timestamps } from "./columns";

// Model providers (issue #12): where judges, scanners and other model-backed features send their
// requests. The API key is stored encrypted (lib/providers/secret-box.ts) and never selected for display.

export const PROVIDER_KINDS = ["openai", "anthropic"] as const;
export const providerKind = pgEnum("provider_kind", PROVIDER_KINDS);

export const providers = pgTable(
  "providers",
  {
    id: id(),
    workspaceId: workspaceRef(),
    /** Unique per workspace; the API names providers by it. */
    name: text().notNull(),
    /** `openai`: any OpenAI-compatible chat-completions server; `anthropic`: the Messages API. */
    kind: providerKind().notNull(),
    baseUrl: text().notNull(),
    model: text().notNull(),
    /** AES-256-GCM ciphertext of the API key (`v1.<iv>.<tag>.<data>`, base64url); null when none. */
    apiKeyCiphertext: text(),
    /** Requests in flight at once, across every process. */
    concurrency: integer().notNull().default(4),
    /** Requests started per minute; null for no limit. */
    requestsPerMinute: integer(),
    /** US dollars per million input / output tokens. */
    inputPricePerMillion: doublePrecision().notNull().default(0),
    outputPricePerMillion: doublePrecision().notNull().default(0),
    /** Per-request timeout. */
    timeoutSeconds: integer().notNull().default(120),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("providers_workspace_name_key").on(t.workspaceId, t.name),
    index("providers_created_by_idx").on(t.createdById),
  ],
);

export type Provider = typeof providers.$inferSelect;
export type NewProvider = typeof providers.$inferInsert;
