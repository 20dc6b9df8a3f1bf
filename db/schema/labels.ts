import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { apiKeys, users, workspaceRef } from "./accounts";
import { id, timestamps } from "./columns";
import { reviewQueues } from "./review";
import { CORPUS_STATUSES, LABEL_VERDICTS, SPAN_KINDS, SPAN_PARTS, TAXONOMY_FAMILIES } from "./review-values";
import { rollouts } from "./rollouts";

// Labels (issue #5): what reviewers decided a rollout was. Append-only: an edit is a new row with
// the next version, and nothing here is ever updated in place.

export const labelVerdict = pgEnum("label_verdict", LABEL_VERDICTS);

export const taxonomyFamily = pgEnum("taxonomy_family", TAXONOMY_FAMILIES);

export const labelSpanKind = pgEnum("label_span_kind", SPAN_KINDS);

export const labelSpanPart = pgEnum("label_span_part", SPAN_PARTS);

export const hackCorpusStatus = pgEnum("hack_corpus_status", CORPUS_STATUSES);

/** A workspace's categories, a tree per family. Keys never change; retiring hides a category from new labels. */
export const taxonomyCategories = pgTable(
  "taxonomy_categories",
  {
    id: id(),
    workspaceId: workspaceRef(),
    family: taxonomyFamily().notNull(),
    parentId: uuid().references((): AnyPgColumn => taxonomyCategories.id, { onDelete: "set null" }),
    key: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(""),
    examples: jsonb().$type<string[]>().notNull().default([]),
    position: integer().notNull().default(0),
    retiredAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("taxonomy_categories_workspace_key_key").on(t.workspaceId, t.key),
    index("taxonomy_categories_parent_idx").on(t.parentId),
  ],
);

/** One version of one reviewer's label on one rollout; the highest version is the current one. */
export const labels = pgTable(
  "labels",
  {
    id: id(),
    workspaceId: workspaceRef(),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    /** The queue it was submitted from, if any (provenance only: a label belongs to rollout and reviewer). */
    queueId: uuid().references(() => reviewQueues.id, { onDelete: "set null" }),
    reviewerId: uuid().references(() => users.id, { onDelete: "set null" }),
    apiKeyId: uuid().references(() => apiKeys.id, { onDelete: "set null" }),
    /** `user:<id>` or `api-key:<id>`: who the version line belongs to, even after the account is gone. */
    reviewerKey: text().notNull(),
    /** The reviewer's email (or API key name) when they labelled. */
    reviewerName: text().notNull(),
    version: integer().notNull(),
    previousId: uuid().references((): AnyPgColumn => labels.id, { onDelete: "set null" }),
    verdict: labelVerdict().notNull(),
    /** Taxonomy category keys. */
    categories: text().array().notNull().default(sql`'{}'::text[]`),
    /** 1 (a guess) to 5 (certain). */
    confidence: smallint(),
    rationale: text().notNull().default(""),
    /** Score per rubric criterion key. */
    criterionScores: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** The task/rubric revision in force when labelled; a plain reference (no FK) until revisions exist. */
    taskRevision: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("labels_rollout_reviewer_version_key").on(t.rolloutId, t.reviewerKey, t.version),
    index("labels_workspace_created_idx").on(t.workspaceId, t.createdAt),
    index("labels_queue_idx").on(t.queueId),
    index("labels_reviewer_idx").on(t.reviewerId),
    index("labels_api_key_idx").on(t.apiKeyId),
    index("labels_previous_idx").on(t.previousId),
    check("labels_confidence_check", sql`${t.confidence} is null or ${t.confidence} between 1 and 5`),
  ],
);

/** A span of a label: characters of a message's text, or a whole tool call or tool result. */
export const labelSpans = pgTable(
  "label_spans",
  {
    id: id(),
    labelId: uuid()
      .notNull()
      .references(() => labels.id, { onDelete: "cascade" }),
    workspaceId: workspaceRef(),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    messageIndex: integer().notNull(),
    kind: labelSpanKind().notNull().default("text"),
    /**
     * Text spans: what the offsets count in. `content` is messages.text, `reasoning` the message's
     * reasoning, `argument` the string at `argumentPath` (a JSON pointer; "" is the arguments
     * pretty-printed as a whole) in the arguments of the tool call `toolCallId`.
     */
    part: labelSpanPart().notNull().default("content"),
    /** Offsets into the part's text (UTF-16 code units, end exclusive); text spans only. */
    start: integer(),
    end: integer(),
    toolCallId: text(),
    argumentPath: text(),
    category: text(),
    comment: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    index("label_spans_label_idx").on(t.labelId, t.position),
    index("label_spans_rollout_idx").on(t.rolloutId),
    index("label_spans_workspace_idx").on(t.workspaceId),
    check(
      "label_spans_offsets_check",
      sql`${t.kind} <> 'text' or (${t.start} is not null and ${t.end} is not null and ${t.start} >= 0 and ${t.end} > ${t.start})`,
    ),
    check(
      "label_spans_argument_check",
      sql`${t.part} <> 'argument' or (${t.kind} = 'text' and ${t.toolCallId} is not null and ${t.argumentPath} is not null)`,
    ),
  ],
);

/** An adjudicator's final label where reviewers disagreed; the latest one per rollout stands. */
export const adjudications = pgTable(
  "adjudications",
  {
    id: id(),
    workspaceId: workspaceRef(),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    queueId: uuid().references(() => reviewQueues.id, { onDelete: "set null" }),
    adjudicatorId: uuid().references(() => users.id, { onDelete: "set null" }),
    adjudicatorName: text().notNull(),
    verdict: labelVerdict().notNull(),
    categories: text().array().notNull().default(sql`'{}'::text[]`),
    rationale: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    index("adjudications_rollout_idx").on(t.rolloutId, t.createdAt),
    index("adjudications_workspace_idx").on(t.workspaceId, t.createdAt),
    index("adjudications_queue_idx").on(t.queueId),
    index("adjudications_adjudicator_idx").on(t.adjudicatorId),
  ],
);

/** The reward-hack corpus's workflow state per rollout; membership itself follows the final label. */
export const hackCorpusEntries = pgTable(
  "hack_corpus_entries",
  {
    id: id(),
    workspaceId: workspaceRef(),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    status: hackCorpusStatus().notNull().default("open"),
    /** The task/rubric revision that fixed the hack; a plain reference until revisions exist. */
    fixedInRevision: text(),
    note: text().notNull().default(""),
    updatedById: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("hack_corpus_entries_rollout_key").on(t.rolloutId),
    index("hack_corpus_entries_workspace_idx").on(t.workspaceId),
    index("hack_corpus_entries_updated_by_idx").on(t.updatedById),
  ],
);

export type TaxonomyCategory = typeof taxonomyCategories.$inferSelect;
export type Label = typeof labels.$inferSelect;
export type LabelSpan = typeof labelSpans.$inferSelect;
export type Adjudication = typeof adjudications.$inferSelect;
export type HackCorpusEntry = typeof hackCorpusEntries.$inferSelect;
