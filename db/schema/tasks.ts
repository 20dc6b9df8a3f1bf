import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users, workspaceRef } from "./accounts";
import { id, modelUsage, timestamps } from "./columns";
import { tasks } from "./environments";

// What a task is made of besides its prompt. The answer key and everything that reveals it
// (reference solutions, check expectations, test scripts) sit in tables only lib/tasks reads, and
// only for roles allowed to (lib/tasks/answer-key-access.ts).

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const resourceKind = pgEnum("resource_kind", ["document", "file"]);
export const checkKind = pgEnum("check_kind", [
  "exact-match",
  "regex",
  "number-tolerance",
  "json-path-equals",
  "contains-all",
  "length",
]);
export const scriptLanguage = pgEnum("script_language", ["python", "bash"]);
export const dismissalAction = pgEnum("dismissal_action", ["dismiss", "restore"]);

/** The hidden answer key: one row per task, in its own table with its own permission. */
export const taskAnswerKeys = pgTable(
  "task_answer_keys",
  {
    id: id(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    answerKey: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("task_answer_keys_task_key").on(t.taskId)],
);

/** Reference solutions: hidden like the answer key. */
export const taskSolutions = pgTable(
  "task_solutions",
  {
    id: id(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    title: text().notNull(),
    language: text().notNull().default("markdown"),
    content: text().notNull(),
    ...timestamps,
  },
  (t) => [index("task_solutions_task_idx").on(t.taskId, t.position)],
);

/** Uploaded binary files: immutable and content-addressed, so revisions can point at them. */
export const taskFiles = pgTable(
  "task_files",
  {
    id: id(),
    workspaceId: workspaceRef(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    name: text().notNull(),
    mediaType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    data: bytea().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("task_files_workspace_idx").on(t.workspaceId),
    uniqueIndex("task_files_task_sha256_key").on(t.taskId, t.sha256),
    index("task_files_created_by_idx").on(t.createdById),
  ],
);

/** Agent-visible resources: documents stored as text, or uploaded files. */
export const taskResources = pgTable(
  "task_resources",
  {
    id: id(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    name: text().notNull(),
    kind: resourceKind().notNull(),
    mediaType: text().notNull().default("text/markdown"),
    content: text(),
    fileId: uuid().references(() => taskFiles.id, { onDelete: "restrict" }),
    ...timestamps,
  },
  (t) => [
    index("task_resources_task_idx").on(t.taskId, t.position),
    index("task_resources_file_idx").on(t.fileId),
  ],
);

/** Programmatic checks. `config` holds the expected values, so it is hidden like the answer key. */
export const taskChecks = pgTable(
  "task_checks",
  {
    id: id(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    key: text().notNull(),
    kind: checkKind().notNull(),
    description: text().notNull().default(""),
    weight: doublePrecision().notNull().default(1),
    requirements: text().array().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("task_checks_task_key_key").on(t.taskId, t.key)],
);

/** Test scripts attached for export; the studio never runs them. Hidden like the answer key. */
export const taskTestScripts = pgTable(
  "task_test_scripts",
  {
    id: id(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    filename: text().notNull(),
    language: scriptLanguage().notNull(),
    content: text().notNull(),
    ...timestamps,
  },
  (t) => [index("task_test_scripts_task_idx").on(t.taskId, t.position)],
);

/** Every save of a task: a full snapshot (task, rubric, checks), its author and time. Append-only. */
export const taskRevisions = pgTable(
  "task_revisions",
  {
    id: id(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    revision: integer().notNull(),
    /** The task as saved, without the hidden material (readable by every role that reads tasks). */
    snapshot: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The hidden material (answer key, solutions, check expectations…), selected only for roles allowed to. */
    hidden: jsonb().$type<Record<string, unknown>>().notNull(),
    authorKind: text().notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    authorName: text().notNull().default(""),
    message: text().notNull().default(""),
    /** Set when this revision restored an earlier one. */
    restoredFrom: integer(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("task_revisions_task_revision_key").on(t.taskId, t.revision),
    index("task_revisions_author_idx").on(t.authorUserId),
  ],
);

/** Coverage findings dismissed (or restored) with a written reason. Append-only: the latest row wins. */
export const findingDismissals = pgTable(
  "finding_dismissals",
  {
    id: id(),
    workspaceId: workspaceRef(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    findingId: text().notNull(),
    findingKind: text().notNull(),
    action: dismissalAction().notNull(),
    reason: text().notNull(),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorName: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    index("finding_dismissals_task_idx").on(t.taskId, t.createdAt),
    index("finding_dismissals_workspace_idx").on(t.workspaceId),
    index("finding_dismissals_actor_idx").on(t.actorUserId),
  ],
);

export const sentenceMarkVerdict = pgEnum("sentence_mark_verdict", ["background", "requirement"]);

/**
 * An author's verdict on a prompt sentence, for the whole workspace: the coverage check treats the
 * sentence (matched by its normalized text) so in every task. One row per sentence; marking again
 * changes the verdict, removing deletes the row (the audit log keeps both).
 */
export const sentenceMarks = pgTable(
  "sentence_marks",
  {
    id: id(),
    workspaceId: workspaceRef(),
    /** The sentence normalized as requirement ids are: no markup, case, spacing or end punctuation. */
    textKey: text().notNull(),
    text: text().notNull(),
    verdict: sentenceMarkVerdict().notNull(),
    actorUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorName: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("sentence_marks_workspace_text_key").on(t.workspaceId, t.textKey),
    index("sentence_marks_actor_idx").on(t.actorUserId),
  ],
);

/** Model answers to coverage questions, cached by the hash of prompt version, model and prompt. */
export const coverageModelAnswers = pgTable(
  "coverage_model_answers",
  {
    id: id(),
    workspaceId: workspaceRef(),
    cacheKey: text().notNull(),
    promptVersion: text().notNull(),
    question: text().notNull(),
    model: text().notNull(),
    verdict: boolean().notNull(),
    reason: text().notNull(),
    ...modelUsage,
    ...timestamps,
  },
  (t) => [uniqueIndex("coverage_model_answers_key").on(t.workspaceId, t.cacheKey)],
);

/**
 * Answers to the model-first coverage review, by a hash of the prompt version, the model and the exact
 * request (system prompt and messages): the same task content is never asked twice.
 */
export const coverageReviewAnswers = pgTable(
  "coverage_review_answers",
  {
    id: id(),
    workspaceId: workspaceRef(),
    cacheKey: text().notNull(),
    promptVersion: text().notNull(),
    model: text().notNull(),
    answer: text().notNull(),
    ...modelUsage,
    ...timestamps,
  },
  (t) => [uniqueIndex("coverage_review_answers_key").on(t.workspaceId, t.cacheKey)],
);

export type TaskRevision = typeof taskRevisions.$inferSelect;
export type TaskFile = typeof taskFiles.$inferSelect;
export type FindingDismissal = typeof findingDismissals.$inferSelect;
