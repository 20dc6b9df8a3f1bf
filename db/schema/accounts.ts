import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";

export const workspaceRole = pgEnum("workspace_role", ["owner", "author", "reviewer", "buyer"]);

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text().notNull(),
    name: text().notNull().default(""),
    /** scrypt hash in the form `scrypt$N$r$p$salt$hash` (see lib/auth/password.ts). */
    passwordHash: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

export const workspaces = pgTable(
  "workspaces",
  {
    id: id(),
    slug: text().notNull(),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("workspaces_slug_key").on(t.slug)],
);

/** The owning workspace of a row: every table but the workspaces' own has one, deleted with it. */
export const workspaceRef = () =>
  uuid()
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

export const memberships = pgTable(
  "memberships",
  {
    id: id(),
    workspaceId: workspaceRef(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: workspaceRole().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("memberships_workspace_user_key").on(t.workspaceId, t.userId),
    index("memberships_user_idx").on(t.userId),
  ],
);

export const invites = pgTable(
  "invites",
  {
    id: id(),
    workspaceId: workspaceRef(),
    email: text().notNull(),
    role: workspaceRole().notNull(),
    /** sha256 of the invite token; the token itself is shown once, in the link. */
    tokenHash: text().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("invites_token_hash_key").on(t.tokenHash),
    index("invites_workspace_idx").on(t.workspaceId),
    index("invites_created_by_idx").on(t.createdById),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    /** sha256 of the cookie token; a database leak does not leak live sessions. */
    tokenHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The workspace the user is looking at; switching workspaces updates it. */
    workspaceId: uuid().references(() => workspaces.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_user_idx").on(t.userId),
    index("sessions_workspace_idx").on(t.workspaceId),
  ],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    workspaceId: workspaceRef(),
    name: text().notNull(),
    role: workspaceRole().notNull(),
    /** First characters of the key, to recognise it in lists. */
    prefix: text().notNull(),
    keyHash: text().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("api_keys_key_hash_key").on(t.keyHash),
    index("api_keys_workspace_idx").on(t.workspaceId),
    index("api_keys_created_by_idx").on(t.createdById),
  ],
);

/** Failed sign-in attempts, counted per account and per address for rate limiting. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: id(),
    email: text().notNull(),
    address: text().notNull(),
    ...timestamps,
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.createdAt),
    index("login_attempts_address_idx").on(t.address, t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Workspace = typeof workspaces.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type Invite = typeof invites.$inferSelect;
export type WorkspaceRole = (typeof workspaceRole.enumValues)[number];
