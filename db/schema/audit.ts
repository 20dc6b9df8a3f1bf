import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users, workspaces } from "./accounts";
import { id, timestamps } from "./columns";

/** Every write records who did it and when (written in the same transaction as the write). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    workspaceId: uuid().references(() => workspaces.id, { onDelete: "cascade" }),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** Set when the actor was an API key; the key's id, kept even after it is revoked. */
    actorApiKeyId: uuid(),
    /** `cli` for shell commands run on the server. */
    actorKind: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index("audit_log_workspace_idx").on(t.workspaceId, t.createdAt),
    index("audit_log_actor_idx").on(t.actorUserId),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
