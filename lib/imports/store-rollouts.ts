import { createHash } from "node:crypto";
import { type BulkColumn, type BulkValue, bulkInsert, JsonText } from "@/db/bulk-insert";
import type { Executor } from "@/db/client";
import { hasGivenUp } from "./give-up";
import type { NormalizedMessage, NormalizedRollout } from "./types";

// Writes normalized rollouts. A batch is one transaction: each rollout lands whole (its row, its
// messages and its source record) or not at all; the caller retries a failed batch one by one.
// Imports and live runs (lib/runs) both store through here: one way to write rollouts.

export type PreparedRollout = {
  rollout: NormalizedRollout;
  file: string;
  record: number | null;
  /** The source record serialized once: hashed for de-duplication, stored for fidelity. */
  originalJson: string;
  contentHash: string;
};

export type BatchTarget = {
  workspaceId: string;
  runId: string;
  format: string;
  environmentId: string | null;
  /** Task key → task id of the environment, when one was named. */
  taskIds: Map<string, string>;
};

export function prepareRollout(
  rollout: NormalizedRollout,
  file: string,
  record: number | null,
): PreparedRollout {
  const originalJson = JSON.stringify(rollout.original ?? null);
  const contentHash = createHash("sha256").update(originalJson).digest("hex");
  return { rollout, file, record, originalJson, contentHash };
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function countToolErrors(items: NormalizedMessage[]): number {
  return items.filter((m) => m.role === "tool" && m.error).length;
}

export function countToolCalls(items: NormalizedMessage[]): number {
  return items.reduce((n, m) => n + (m.toolCalls?.length ?? 0), 0);
}

export const MESSAGE_COLUMNS: BulkColumn[] = [
  { name: "rollout_id", type: "uuid" },
  { name: "workspace_id", type: "uuid" },
  { name: "index", type: "int" },
  { name: "role", type: "message_role" },
  { name: "text", type: "text" },
  { name: "parts", type: "jsonb" },
  { name: "reasoning", type: "text" },
  { name: "tool_calls", type: "jsonb" },
  { name: "tool_call_id", type: "text" },
  { name: "tool_name", type: "text" },
  { name: "error", type: "text" },
  { name: "tokens", type: "jsonb" },
  { name: "model", type: "text" },
  { name: "sent_at", type: "timestamptz" },
  { name: "metadata", type: "jsonb" },
];

/** The visible stand-in for a NUL character, which Postgres text can't hold: U+2400 SYMBOL FOR NULL. */
export const NUL_MARK = "\u2400";

/**
 * A message's text with each NUL shown as ␀ and counted in its metadata (`nulCharacters`), so
 * binary tool output reads as what it was; the bulk writer would otherwise turn them into U+FFFD
 * silently, indistinguishable from a decoding error.
 */
export function markNulCharacters(m: NormalizedMessage): NormalizedMessage {
  const text = m.text ?? "";
  if (!text.includes("\u0000")) return m;
  const parts = text.split("\u0000");
  return {
    ...m,
    text: parts.join(NUL_MARK),
    metadata: { ...m.metadata, nulCharacters: parts.length - 1 },
  };
}

/** A message as a row of MESSAGE_COLUMNS. */
export function messageRow(
  rolloutId: string,
  workspaceId: string,
  message: NormalizedMessage,
  index: number,
): BulkValue[] {
  const m = markNulCharacters(message);
  return [
    rolloutId,
    workspaceId,
    index,
    m.role,
    m.text ?? "",
    m.parts?.length ? m.parts : null,
    m.reasoning ?? null,
    m.toolCalls?.length ? m.toolCalls : null,
    m.toolCallId ?? null,
    m.toolName ?? null,
    m.error ?? null,
    m.tokens ?? null,
    m.model ?? null,
    toDate(m.createdAt)?.toISOString() ?? null,
    m.metadata && Object.keys(m.metadata).length ? m.metadata : null,
  ];
}

/** The source record, stored as the JSON text it was hashed from (a json column: see db/schema). */
const SOURCE_COLUMNS: BulkColumn[] = [
  { name: "rollout_id", type: "uuid" },
  { name: "format", type: "text" },
  { name: "file", type: "text" },
  { name: "record", type: "int" },
  { name: "original", type: "json" },
];

/** The columns a rollout's content decides: written on insert, rewritten by replaceRollouts. */
export const ROLLOUT_CONTENT_COLUMNS: BulkColumn[] = [
  { name: "task_id", type: "uuid" },
  { name: "task_key", type: "text" },
  { name: "step", type: "int" },
  { name: "model", type: "text" },
  { name: "reward", type: "double precision" },
  { name: "scores", type: "jsonb" },
  { name: "status", type: "rollout_status" },
  { name: "error", type: "text" },
  { name: "metadata", type: "jsonb" },
  { name: "message_count", type: "int" },
  { name: "tool_call_count", type: "int" },
  { name: "tool_error_count", type: "int" },
  { name: "gave_up", type: "boolean" },
];

/** A rollout's content as values of ROLLOUT_CONTENT_COLUMNS. */
export function rolloutContent(target: BatchTarget, r: NormalizedRollout): BulkValue[] {
  return [
    r.taskKey ? (target.taskIds.get(r.taskKey) ?? null) : null,
    r.taskKey ?? null,
    r.step ?? null,
    r.model ?? null,
    r.reward != null && Number.isFinite(r.reward) ? r.reward : null,
    r.scores ?? {},
    r.status,
    r.error ?? null,
    r.metadata ?? {},
    r.messages.length,
    countToolCalls(r.messages),
    countToolErrors(r.messages),
    hasGivenUp(r.messages, r.metadata) ? "t" : "f",
  ];
}

const ROLLOUT_COLUMNS: BulkColumn[] = [
  { name: "workspace_id", type: "uuid" },
  { name: "run_id", type: "uuid" },
  { name: "environment_id", type: "uuid" },
  { name: "external_id", type: "text" },
  { name: "harness", type: "text" },
  { name: "content_hash", type: "text" },
  { name: "started_at", type: "timestamptz" },
  { name: "ended_at", type: "timestamptz" },
  ...ROLLOUT_CONTENT_COLUMNS,
];

/** A rollout as a row of ROLLOUT_COLUMNS. */
function rolloutRow(target: BatchTarget, r: NormalizedRollout, contentHash: string): BulkValue[] {
  return [
    target.workspaceId,
    target.runId,
    target.environmentId,
    r.externalId ?? null,
    r.harness ?? null,
    contentHash,
    toDate(r.startedAt)?.toISOString() ?? null,
    toDate(r.endedAt)?.toISOString() ?? null,
    ...rolloutContent(target, r),
  ];
}

/** A rollout's source record as a row of SOURCE_COLUMNS. */
const sourceRow = (rolloutId: string, format: string, item: PreparedRollout): BulkValue[] => [
  rolloutId,
  format,
  item.file,
  item.record,
  new JsonText(item.originalJson),
];

export type StoredBatch = {
  inserted: number;
  skipped: number;
  unlinked: number;
  /** Content hash → id of each rollout this batch inserted (the skipped ones are absent). */
  ids: Map<string, string>;
};

/** Inserts a batch; returns how many were new, skipped as already imported, and unlinked to a task. */
export async function storeRolloutBatch(
  executor: Executor,
  target: BatchTarget,
  batch: PreparedRollout[],
): Promise<StoredBatch> {
  const inserted = await bulkInsert<{ id: string; content_hash: string }>(
    executor,
    "rollouts",
    ROLLOUT_COLUMNS,
    batch.map(({ rollout, contentHash }) => rolloutRow(target, rollout, contentHash)),
    { onConflict: "(workspace_id, content_hash) do nothing", returning: ["id", "content_hash"] },
  );
  const idByHash = new Map(inserted.map((r) => [r.content_hash, r.id]));
  const ids = new Map(idByHash);

  const messageRows: BulkValue[][] = [];
  const sourceRows: BulkValue[][] = [];
  let unlinked = 0;
  for (const item of batch) {
    const rolloutId = idByHash.get(item.contentHash);
    if (!rolloutId) continue;
    idByHash.delete(item.contentHash); // the same content twice in one batch is stored once
    if (target.environmentId && !(item.rollout.taskKey && target.taskIds.has(item.rollout.taskKey)))
      unlinked++;
    item.rollout.messages.forEach((m, index) => {
      messageRows.push(messageRow(rolloutId, target.workspaceId, m, index));
    });
    sourceRows.push(sourceRow(rolloutId, target.format, item));
  }
  await bulkInsert(executor, "messages", MESSAGE_COLUMNS, messageRows);
  await bulkInsert(executor, "rollout_sources", SOURCE_COLUMNS, sourceRows);
  return { inserted: inserted.length, skipped: batch.length - inserted.length, unlinked, ids };
}
