import {
  type AnyPgColumn,
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
import { environments, tasks } from "./environments";

// Rubrics: each task owns one (taskId set); an environment may also keep shared rubrics (taskId
// null) that a task's rubric builds on through sharedRubricId (shared criteria first, then its own).

export const criterionKind = pgEnum("criterion_kind", ["binary", "scale"]);

export const rubrics = pgTable(
  "rubrics",
  {
    id: id(),
    workspaceId: workspaceRef(),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    taskId: uuid().references(() => tasks.id, { onDelete: "cascade" }),
    sharedRubricId: uuid().references((): AnyPgColumn => rubrics.id, { onDelete: "set null" }),
    title: text().notNull().default(""),
    description: text().notNull().default(""),
    /** The LLM judge's instructions, with {{prompt}}, {{response}}, {{answer_key}}, {{criteria}}. */
    judgeTemplate: text().notNull().default(""),
    /** Shared rubrics: the number of the latest save (task rubrics use the task's revision). */
    revision: integer().notNull().default(0),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("rubrics_task_key").on(t.taskId),
    index("rubrics_environment_idx").on(t.environmentId, t.archivedAt),
    index("rubrics_workspace_idx").on(t.workspaceId),
    index("rubrics_shared_rubric_idx").on(t.sharedRubricId),
    index("rubrics_created_by_idx").on(t.createdById),
  ],
);

export const rubricCriteria = pgTable(
  "rubric_criteria",
  {
    id: id(),
    rubricId: uuid()
      .notNull()
      .references(() => rubrics.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    key: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(""),
    weight: doublePrecision().notNull().default(1),
    kind: criterionKind().notNull().default("binary"),
    /** For `scale`: scores run 0..scaleMax. */
    scaleMax: integer(),
    /** Requirement ids (or requirement text) of the prompt this criterion checks. */
    requirements: text().array().notNull(),
    isGiveUp: boolean().notNull().default(false),
    passExamples: text().array().notNull(),
    failExamples: text().array().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("rubric_criteria_rubric_key_key").on(t.rubricId, t.key)],
);

/** A response with the grade an expert gave it: calibration for the judge. Hidden like the answer key. */
export const rubricGoldenExamples = pgTable(
  "rubric_golden_examples",
  {
    id: id(),
    rubricId: uuid()
      .notNull()
      .references(() => rubrics.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    title: text().notNull().default(""),
    response: text().notNull(),
    /** The expert's overall grade, 0 to 1. */
    grade: doublePrecision().notNull(),
    criterionScores: jsonb().$type<Record<string, number>>().notNull().default({}),
    rationale: text().notNull().default(""),
    gradedBy: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [index("rubric_golden_examples_rubric_idx").on(t.rubricId, t.position)],
);

export type Rubric = typeof rubrics.$inferSelect;
export type RubricCriterion = typeof rubricCriteria.$inferSelect;
