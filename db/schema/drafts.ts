import {
  customType,
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
import { id, timestamps } from "./columns";
import { environments, tasks } from "./environments";
import { jobs } from "./jobs";

// Task drafts from evidence (issue #19): documents uploaded to an environment, and the draft tasks
// the studio proposes from them (grounded questions, planted flaws) or from a task (variants). A
// draft is only a proposal: accepting it makes a draft task the author edits; nothing is published.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/** A source document of an environment: the original bytes and its extracted text. */
export const environmentDocuments = pgTable(
  "environment_documents",
  {
    id: id(),
    workspaceId: workspaceRef(),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    name: text().notNull(),
    mediaType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    /** The text citations point into (offsets are UTF-16 code units, as in JavaScript). */
    text: text().notNull(),
    /** For paged documents (PDF): where each page starts in `text`. */
    pageStarts: integer().array().notNull(),
    data: bytea().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("environment_documents_environment_sha256_key").on(t.environmentId, t.sha256),
    index("environment_documents_workspace_idx").on(t.workspaceId),
    index("environment_documents_created_by_idx").on(t.createdById),
  ],
);

export const DRAFT_KINDS = ["grounded", "flaw", "variant"] as const;
export const DRAFT_STATUSES = ["proposed", "accepted", "discarded"] as const;
export const taskDraftKind = pgEnum("task_draft_kind", DRAFT_KINDS);
export const taskDraftStatus = pgEnum("task_draft_status", DRAFT_STATUSES);

/** Where one key fact of a grounded draft comes from: the exact passage, found in the document. */
export type DraftCitation = {
  fact: string;
  documentId: string;
  documentName: string;
  /** 1-based page for paged documents, else null. */
  page: number | null;
  start: number;
  end: number;
  quote: string;
};

/** One model call made for a draft: kept for audit. */
export type DraftExchange = {
  prompt: string;
  answer: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
};

export const taskDrafts = pgTable(
  "task_drafts",
  {
    id: id(),
    workspaceId: workspaceRef(),
    environmentId: uuid()
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    kind: taskDraftKind().notNull(),
    status: taskDraftStatus().notNull().default("proposed"),
    documentId: uuid().references(() => environmentDocuments.id, { onDelete: "set null" }),
    sourceTaskId: uuid().references(() => tasks.id, { onDelete: "set null" }),
    /** The task content proposed (TaskContent, answer key included: readable by authors only). */
    content: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Why the draft exists, in markdown. */
    reason: text().notNull().default(""),
    citations: jsonb().$type<DraftCitation[]>().notNull().default([]),
    /** Proposed facts dropped before the author saw them, and why (counts only the reasons). */
    dropped: jsonb().$type<{ fact: string; why: string }[]>().notNull().default([]),
    exchanges: jsonb().$type<DraftExchange[]>().notNull().default([]),
    acceptedTaskId: uuid().references(() => tasks.id, { onDelete: "set null" }),
    /** The job that drafted it and the draft's place in that job: a job run twice drafts nothing twice. */
    jobId: uuid().references(() => jobs.id, { onDelete: "set null" }),
    position: integer().notNull().default(0),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("task_drafts_environment_status_idx").on(t.environmentId, t.status),
    index("task_drafts_workspace_idx").on(t.workspaceId),
    index("task_drafts_document_idx").on(t.documentId),
    index("task_drafts_source_task_idx").on(t.sourceTaskId),
    index("task_drafts_accepted_task_idx").on(t.acceptedTaskId),
    index("task_drafts_created_by_idx").on(t.createdById),
    uniqueIndex("task_drafts_job_position_key").on(t.jobId, t.position),
  ],
);

export type EnvironmentDocument = typeof environmentDocuments.$inferSelect;
export type TaskDraft = typeof taskDrafts.$inferSelect;
