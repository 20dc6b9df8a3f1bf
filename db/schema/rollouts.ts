import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users, workspaceRef } from "./accounts";
import { id, timestamps } from "./columns";
import { environments, tasks } from "./environments";
import type { MessagePart, TokenCounts, ToolCall } from "./message-json";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const runStatus = pgEnum("run_status", ["pending", "running", "completed", "failed"]);
/** `import`: rollouts read from files. `live`: rollouts streamed by a training or evaluation run. */
export const runKind = pgEnum("run_kind", ["import", "live"]);
/** `running`: a live run's rollout still receiving messages; on close it becomes `truncated`. */
export const rolloutStatus = pgEnum("rollout_status", ["completed", "error", "truncated", "running"]);
export const messageRole = pgEnum("message_role", ["system", "user", "assistant", "tool"]);

export type ImportErrorEntry = { file: string; record?: number; line?: number; message: string };

/**
 * A batch of rollouts from one source: an import of files, or a live run (training or evaluation)
 * that streams rollouts in through the API until it is closed.
 */
export const runs = pgTable(
  "runs",
  {
    id: id(),
    kind: runKind().notNull().default("import"),
    /** A live run's name, given by its client. */
    name: text(),
    /** A live run's metadata: trainer, base model, environment version, config. */
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    workspaceId: workspaceRef(),
    environmentId: uuid().references(() => environments.id, { onDelete: "set null" }),
    createdById: uuid().references(() => users.id, { onDelete: "set null" }),
    /** The file names imported, joined for display. */
    source: text().notNull(),
    format: text().notNull(),
    model: text(),
    harness: text(),
    status: runStatus().notNull().default("pending"),
    imported: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    /** Imported rollouts whose task key matched no task of the environment. */
    unlinked: integer().notNull().default(0),
    bytesTotal: doublePrecision().notNull().default(0),
    bytesRead: doublePrecision().notNull().default(0),
    /** The first errors (capped), each with file, record or line, and reason. */
    errors: jsonb().$type<ImportErrorEntry[]>().notNull().default([]),
    /** Set while a background import runs; cleared when it ends. */
    finishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("runs_workspace_idx").on(t.workspaceId, t.createdAt),
    index("runs_environment_idx").on(t.environmentId),
    index("runs_created_by_idx").on(t.createdById),
  ],
);

export const rollouts = pgTable(
  "rollouts",
  {
    id: id(),
    workspaceId: workspaceRef(),
    runId: uuid()
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    environmentId: uuid().references(() => environments.id, { onDelete: "set null" }),
    taskId: uuid().references(() => tasks.id, { onDelete: "set null" }),
    taskKey: text(),
    externalId: text(),
    /** A live run's training step or checkpoint. */
    step: integer(),
    model: text(),
    harness: text(),
    reward: doublePrecision(),
    scores: jsonb().$type<Record<string, number>>().notNull().default({}),
    status: rolloutStatus().notNull().default("completed"),
    error: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    messageCount: integer().notNull().default(0),
    toolCallCount: integer().notNull().default(0),
    toolErrorCount: integer().notNull().default(0),
    /** The agent gave up (its give-up line, or `gaveUp` in a live item's metadata). */
    gaveUp: boolean().notNull().default(false),
    /**
     * The rollout's identity in its workspace: for imports the sha256 of the source record (importing
     * the same content again skips it); for live runs the sha256 of the run and the client's key.
     */
    contentHash: text().notNull(),
    /** The last message chunk appended to a running live rollout (chunks count from 1). */
    streamSeq: integer().notNull().default(0),
    /** When the search indexer indexed this rollout's messages; null until then. */
    searchIndexedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("rollouts_workspace_content_hash_key").on(t.workspaceId, t.contentHash),
    index("rollouts_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("rollouts_run_step_idx").on(t.runId, t.step),
    index("rollouts_environment_idx").on(t.environmentId),
    index("rollouts_task_idx").on(t.taskId),
    index("rollouts_workspace_model_idx").on(t.workspaceId, t.model),
    index("rollouts_workspace_reward_idx").on(t.workspaceId, t.reward),
    index("rollouts_search_pending_idx").on(t.createdAt, t.id).where(sql`${t.searchIndexedAt} is null`),
  ],
);

/**
 * The source record of a rollout, apart so list and transcript queries never load it. `original` is
 * `json`, not `jsonb`: kept as the text it arrived as (no parse into binary form on write), and
 * TOAST-compressed with lz4 where the server has it (migration 0021): storing it costs a fraction
 * of what jsonb with pglz did, and it is read only to re-export and to compare a resent live item
 * (cast to jsonb there, for semantic equality).
 */
export const rolloutSources = pgTable(
  "rollout_sources",
  {
    id: id(),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    format: text().notNull(),
    file: text().notNull(),
    record: integer(),
    original: json().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("rollout_sources_rollout_key").on(t.rolloutId)],
);

/**
 * Keyed by (rollout, index), as every query and the API name a message. No uuid key: it cost each
 * stored message a random btree insert, and its volatile default made COPY insert rows one at a time.
 */
export const messages = pgTable(
  "messages",
  {
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    /**
     * The rollout's workspace, copied so every read can scope by it. Not a foreign key, nor indexed:
     * the rollout's own key already cascades, and per-row checks would slow imports markedly.
     */
    workspaceId: uuid().notNull(),
    index: integer().notNull(),
    role: messageRole().notNull(),
    text: text().notNull().default(""),
    parts: jsonb().$type<MessagePart[]>(),
    reasoning: text(),
    toolCalls: jsonb().$type<ToolCall[]>(),
    toolCallId: text(),
    toolName: text(),
    error: text(),
    tokens: jsonb().$type<TokenCounts>(),
    model: text(),
    sentAt: timestamp({ withTimezone: true }),
    metadata: jsonb().$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [primaryKey({ name: "messages_pkey", columns: [t.rolloutId, t.index] })],
);

/**
 * Message chunks that reached a running live rollout ahead of a missing one: each waits here until
 * the chunks before it arrive, then is appended in order and deleted.
 */
export const rolloutMessageChunks = pgTable(
  "rollout_message_chunks",
  {
    id: id(),
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    seq: integer().notNull(),
    /** The chunk's messages as the client sent them (OpenAI chat format). */
    messages: jsonb().$type<unknown[]>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("rollout_message_chunks_rollout_seq_key").on(t.rolloutId, t.seq)],
);

/**
 * OTLP spans of a live run's trace that can't make a rollout yet (a tool span sent alone by the simple
 * span processor, say): kept until the trace's other spans arrive and the trace maps to a rollout,
 * which then holds them all in its source (lib/runs/ingest-otlp.ts). One row per span id, so a
 * resent export stores nothing twice; closing the run drops what is left.
 */
export const otlpPendingSpans = pgTable(
  "otlp_pending_spans",
  {
    id: id(),
    workspaceId: workspaceRef(),
    runId: uuid()
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    traceId: text().notNull(),
    spanId: text().notNull(),
    /** The span in OTLP/JSON form, as the importer reads it. */
    span: jsonb().$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("otlp_pending_spans_run_trace_span_key").on(t.runId, t.traceId, t.spanId),
    index("otlp_pending_spans_workspace_idx").on(t.workspaceId),
  ],
);

/**
 * The full-text index of messages, built after import by the search indexer (lib/search/): computing
 * it costs several times more than storing the messages, so imports don't wait for it. A rollout
 * whose `searchIndexedAt` is null still awaits it. Rows hold message text's lexemes, never its text.
 * A row is derived from its message and keyed by it: no uuid or timestamps of its own (each index
 * and column of this table is paid for on every indexed message).
 */
export const messageSearch = pgTable(
  "message_search",
  {
    rolloutId: uuid()
      .notNull()
      .references(() => rollouts.id, { onDelete: "cascade" }),
    /** Copied from the rollout, like messages.workspaceId; searches filter the GIN index's hits by it. */
    workspaceId: uuid().notNull(),
    messageIndex: integer().notNull(),
    search: tsvector().notNull(),
  },
  (t) => [
    primaryKey({ name: "message_search_pkey", columns: [t.rolloutId, t.messageIndex] }),
    index("message_search_search_idx").using("gin", t.search),
  ],
);

export type Run = typeof runs.$inferSelect;
export type Rollout = typeof rollouts.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type MessageSearch = typeof messageSearch.$inferSelect;
