import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users, workspaceRef } from "./accounts";
import { id, timestamps } from "./columns";
import { environments } from "./environments";
import { rollouts } from "./rollouts";

// Shipping (issue #7): approved versions, the sample rollouts buyers read, and public datasheet links.

/**
 * An approved, immutable version of an environment: the frozen snapshot (lib/exports/snapshot.ts)
 * and its sha256. A database trigger (migration 0006) refuses any change to the frozen columns;
 * only the publication marks (publishedAt, retiredAt) and the approver link (set null when the
 * account goes) may change.
 */
export const environmentVersions = pgTable(
  "environment_versions",
  {
    id: id(),
    workspaceId: workspaceRef(),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    snapshot: jsonb().$type<Record<string, unknown>>().notNull(),
    /** sha256 of the snapshot's canonical JSON (keys sorted). */
    sha256: text().notNull(),
    approvedById: uuid().references(() => users.id, { onDelete: "set null" }),
    approvedByName: text().notNull(),
    approvedAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when an owner published this version to the catalog. */
    publishedAt: timestamp({ withTimezone: true }),
    /** Set when an owner took it out of the catalog. */
    retiredAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("environment_versions_environment_version_key").on(t.environmentId, t.version),
    index("environment_versions_workspace_idx").on(t.workspaceId, t.publishedAt),
    index("environment_versions_approved_by_idx").on(t.approvedById),
  ],
);

/** A rollout the authors chose to show buyers; frozen into the next approved version. */
export const environmentSamples = pgTable(
  "environment_samples",
  {
    id: id(),
    workspaceId: workspaceRef(),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    /** The author's words for buyers: why this transcript is worth reading. */
    note: text().notNull().default(""),
    chosenById: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("environment_samples_environment_rollout_key").on(t.environmentId, t.rolloutId),
    index("environment_samples_workspace_idx").on(t.workspaceId),
    index("environment_samples_rollout_idx").on(t.rolloutId),
    index("environment_samples_chosen_by_idx").on(t.chosenById),
  ],
);

/** A link that shows a published environment's datasheet without sign-in; only the token's hash is kept. */
export const datasheetLinks = pgTable(
  "datasheet_links",
  {
    id: id(),
    workspaceId: workspaceRef(),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("datasheet_links_token_hash_key").on(t.tokenHash),
    index("datasheet_links_environment_idx").on(t.environmentId),
    index("datasheet_links_workspace_idx").on(t.workspaceId),
    index("datasheet_links_created_by_idx").on(t.createdById),
  ],
);

export type EnvironmentVersion = typeof environmentVersions.$inferSelect;
export type EnvironmentSample = typeof environmentSamples.$inferSelect;
export type DatasheetLink = typeof datasheetLinks.$inferSelect;
