import { sql } from "drizzle-orm";
import {
  boolean,
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
import { users, workspaceRef } from "./accounts";
import { id, timestamps } from "./columns";

// Environments and their tasks. Rollouts link to both; the authoring tables (answer keys, resources,
// checks, revisions) live in tasks.ts and the rubrics in rubrics.ts.

export const environmentStatus = pgEnum("environment_status", [
  "draft",
  "in-review",
  "approved",
  "published",
  "retired",
]);
export const taskDifficulty = pgEnum("task_difficulty", ["easy", "medium", "hard", "expert"]);
export const scoringMode = pgEnum("scoring_mode", ["threshold", "continuous", "improvement"]);

export type RequirementOverridesJson = { marked: { start: number; end: number }[]; unmarked: string[] };

export const environments = pgTable(
  "environments",
  {
    id: id(),
    workspaceId: workspaceRef(),
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(""),
    status: environmentStatus().notNull().default("draft"),
    /** The field of expertise, e.g. "AI safety research" or "AI governance". */
    domain: text().notNull().default(""),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** Reviewers read answer keys while reviewing unless this is off; buyers never do. */
    reviewersSeeAnswerKeys: boolean().notNull().default(true),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("environments_workspace_slug_key").on(t.workspaceId, t.slug),
    index("environments_workspace_archived_idx").on(t.workspaceId, t.archivedAt),
    index("environments_created_by_idx").on(t.createdById),
  ],
);

export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    /** The key rollouts name to link to this task (see docs/api-and-cli.md, "Linking rollouts to tasks"). */
    key: text().notNull(),
    title: text().notNull(),
    /** Markdown the agent receives. */
    prompt: text().notNull().default(""),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    difficulty: taskDifficulty(),
    timeBudgetMinutes: integer(),
    turnBudget: integer(),
    giveUpAllowed: boolean().notNull().default(false),
    /** The words the agent sees about giving up (shown only when giving up is allowed). */
    giveUpInstructions: text().notNull().default(""),
    scoringMode: scoringMode().notNull().default("threshold"),
    scoringThreshold: doublePrecision(),
    /** Improvement scoring: the best score known so far, what achieved it, who recorded it and when. */
    bestKnownScore: doublePrecision(),
    bestKnownScoreBy: text(),
    bestKnownScoreRecordedById: uuid().references(() => users.id, { onDelete: "set null" }),
    bestKnownScoreAt: timestamp({ withTimezone: true }),
    /** Requirements the author marked or unmarked by hand (see lib/tasks/coverage). */
    requirementOverrides: jsonb()
      .$type<RequirementOverridesJson>()
      .notNull()
      .default({ marked: [], unmarked: [] }),
    /** The number of the latest revision; a save must name it (optimistic concurrency). */
    revision: integer().notNull().default(0),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    updatedById: uuid().references(() => users.id, { onDelete: "set null" }),
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("tasks_environment_key_key").on(t.environmentId, t.key),
    index("tasks_environment_archived_idx").on(t.environmentId, t.archivedAt),
    index("tasks_created_by_idx").on(t.createdById),
    index("tasks_updated_by_idx").on(t.updatedById),
    index("tasks_best_known_score_recorded_by_idx").on(t.bestKnownScoreRecordedById),
  ],
);

export type Environment = typeof environments.$inferSelect;
export type NewEnvironment = typeof environments.$inferInsert;
export type Task = typeof tasks.$inferSelect;
export type NewTask = typeof tasks.$inferInsert;
