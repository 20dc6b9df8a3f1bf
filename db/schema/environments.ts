import { index, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./accounts";
import { id, timestamps } from "./columns";

// The core of environments and tasks that rollouts link to. Authoring (issue #4) extends these.

export const environmentStatus = pgEnum("environment_status", ["draft", "in-review", "approved", "published", "retired"]);

export const environments = pgTable(
  "environments",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(""),
    status: environmentStatus().notNull().default("draft"),
    ...timestamps,
  },
  (t) => [uniqueIndex("environments_workspace_slug_key").on(t.workspaceId, t.slug)],
);

export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    /** The key rollouts name to link to this task (see CONTRACT.md, "Linking rollouts to tasks"). */
    key: text().notNull(),
    title: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("tasks_environment_key_key").on(t.environmentId, t.key)],
);

export type Environment = typeof environments.$inferSelect;
export type Task = typeof tasks.$inferSelect;
