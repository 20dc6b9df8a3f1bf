import { index, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users, workspaceRef } from "./accounts";
import { id, timestamps } from "./columns";
import { tasks } from "./environments";
import { rollouts } from "./rollouts";

// Where a task came from (issue #19): a rollout that failed or cheated, a document it was grounded
// in, a flaw planted in a correct passage, or an earlier task it varies. One row per task at most;
// tasks written from scratch have none.

export const TASK_ORIGIN_KINDS = ["hack", "failure", "document", "flaw", "variant"] as const;
export type TaskOriginKind = (typeof TASK_ORIGIN_KINDS)[number];

export const taskOriginKind = pgEnum("task_origin_kind", TASK_ORIGIN_KINDS);

/** The evidence a task was made from, kept for audit (no answer key: that lives with the task). */
export type TaskOriginDetails = {
  verdict?: string | null;
  categories?: string[];
  /** Label spans and scanner flags quoted from the source rollout. */
  evidence?: { message: number; text: string; source: string; comment?: string }[];
  /** The guard derived for a hack, and how it scored on the hack's final answer. */
  guard?: {
    kind: "check" | "criterion";
    key: string;
    hackScore: number | null;
    referenceScore: number | null;
  };
  /** Generated drafts: the prompts sent and the answers received. */
  generation?: { prompt: string; answer: string; model: string; inputTokens: number; outputTokens: number }[];
  [key: string]: unknown;
};

export const taskOrigins = pgTable(
  "task_origins",
  {
    id: id(),
    workspaceId: workspaceRef(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    kind: taskOriginKind().notNull(),
    sourceRolloutId: uuid().references(() => rollouts.id, { onDelete: "set null" }),
    /** The task this one varies (lineage), for variants. */
    sourceTaskId: uuid().references(() => tasks.id, { onDelete: "set null" }),
    /** Markdown: why the task exists, written from the evidence. */
    reason: text().notNull(),
    details: jsonb().$type<TaskOriginDetails>().notNull().default({}),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("task_origins_task_key").on(t.taskId),
    index("task_origins_workspace_idx").on(t.workspaceId),
    index("task_origins_source_rollout_idx").on(t.sourceRolloutId),
    index("task_origins_source_task_idx").on(t.sourceTaskId),
    index("task_origins_created_by_idx").on(t.createdById),
  ],
);

export type TaskOrigin = typeof taskOrigins.$inferSelect;
