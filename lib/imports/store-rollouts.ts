import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { rollouts } from "@/db/schema";
import type { NormalizedMessage, NormalizedRollout } from "./types";

// Writes normalized rollouts. A batch is one transaction: each rollout lands whole (its row, its
// messages and its source record) or not at all; the caller retries a failed batch one by one.

export type PreparedRollout = {
  rollout: NormalizedRollout;
  file: string;
  record: number;
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

const MESSAGE_ROWS_PER_INSERT = 1_000;

export function prepareRollout(rollout: NormalizedRollout, file: string, record: number): PreparedRollout {
  const originalJson = JSON.stringify(rollout.original ?? null);
  const contentHash = createHash("sha256").update(originalJson).digest("hex");
  return { rollout, file, record, originalJson, contentHash };
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Postgres rejects NUL characters in text; transcripts of binary tool output contain them. */
function cleanText(value: string | null | undefined): string | null {
  return value == null ? null : value.includes("\u0000") ? value.replaceAll("\u0000", "\uFFFD") : value;
}

function countToolErrors(items: NormalizedMessage[]): number {
  return items.filter((m) => m.role === "tool" && m.error).length;
}

/** A message as a row of the jsonb_to_recordset payload (snake_case keys = column names). */
function messageRow(rolloutId: string, workspaceId: string, m: NormalizedMessage, index: number) {
  return {
    rollout_id: rolloutId,
    workspace_id: workspaceId,
    index,
    role: m.role,
    text: m.text ?? "",
    parts: m.parts?.length ? m.parts : null,
    reasoning: m.reasoning ?? null,
    tool_calls: m.toolCalls?.length ? m.toolCalls : null,
    tool_call_id: m.toolCallId ?? null,
    tool_name: m.toolName ?? null,
    error: m.error ?? null,
    tokens: m.tokens ?? null,
    model: m.model ?? null,
    sent_at: toDate(m.createdAt)?.toISOString() ?? null,
    metadata: m.metadata && Object.keys(m.metadata).length ? m.metadata : null,
  };
}

/**
 * Serializes rows for a jsonb parameter. Postgres text can't hold NUL, and jsonb refuses the
 * \u0000 escape: tool output of binary files contains it, so it becomes U+FFFD.
 */
function toJsonParameter(rows: unknown[] | string): string {
  return (typeof rows === "string" ? rows : JSON.stringify(rows)).replaceAll("\\u0000", "\\ufffd");
}

/** Source rows as JSON text, splicing each already-serialized record in rather than re-serializing it. */
function serializeSources(
  rows: { rolloutId: string; format: string; file: string; record: number; originalJson: string }[],
) {
  const items = rows.map(
    (r) =>
      `{"rollout_id":${JSON.stringify(r.rolloutId)},"format":${JSON.stringify(r.format)},"file":${JSON.stringify(r.file)},"record":${r.record},"original":${r.originalJson}}`,
  );
  return `[${items.join(",")}]`;
}

/** Inserts a batch; returns how many were new, skipped as already imported, and unlinked to a task. */
export async function storeRolloutBatch(
  executor: Executor,
  target: BatchTarget,
  batch: PreparedRollout[],
): Promise<{ inserted: number; skipped: number; unlinked: number }> {
  const rows = batch.map(({ rollout: r, contentHash }) => {
    const taskId = r.taskKey ? (target.taskIds.get(r.taskKey) ?? null) : null;
    return {
      workspaceId: target.workspaceId,
      runId: target.runId,
      environmentId: target.environmentId,
      taskId,
      taskKey: r.taskKey ?? null,
      externalId: r.externalId ?? null,
      model: r.model ?? null,
      harness: r.harness ?? null,
      reward: r.reward != null && Number.isFinite(r.reward) ? r.reward : null,
      scores: r.scores ?? {},
      status: r.status,
      error: cleanText(r.error),
      metadata: r.metadata ?? {},
      messageCount: r.messages.length,
      toolCallCount: r.messages.reduce((n, m) => n + (m.toolCalls?.length ?? 0), 0),
      toolErrorCount: countToolErrors(r.messages),
      contentHash,
      startedAt: toDate(r.startedAt),
      endedAt: toDate(r.endedAt),
    };
  });
  const inserted = await executor
    .insert(rollouts)
    .values(rows)
    .onConflictDoNothing({ target: [rollouts.workspaceId, rollouts.contentHash] })
    .returning({ id: rollouts.id, contentHash: rollouts.contentHash });
  const idByHash = new Map(inserted.map((r) => [r.contentHash, r.id]));

  const messageRows: ReturnType<typeof messageRow>[] = [];
  const sources: { rolloutId: string; format: string; file: string; record: number; originalJson: string }[] =
    [];
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
    sources.push({
      rolloutId,
      format: target.format,
      file: item.file,
      record: item.record,
      originalJson: item.originalJson,
    });
  }
  // One JSON parameter per statement, expanded by jsonb_to_recordset: far cheaper than thousands of
  // bound parameters, and the same SQL on Postgres and PGlite.
  for (let i = 0; i < messageRows.length; i += MESSAGE_ROWS_PER_INSERT) {
    await executor.execute(sql`
      insert into messages (rollout_id, workspace_id, index, role, text, parts, reasoning, tool_calls,
        tool_call_id, tool_name, error, tokens, model, sent_at, metadata)
      select rollout_id, workspace_id, index, role, text, parts, reasoning, tool_calls,
        tool_call_id, tool_name, error, tokens, model, sent_at, metadata
      from jsonb_to_recordset(${toJsonParameter(messageRows.slice(i, i + MESSAGE_ROWS_PER_INSERT))}::jsonb) as x(
        rollout_id uuid, workspace_id uuid, index int, role message_role, text text, parts jsonb, reasoning text,
        tool_calls jsonb, tool_call_id text, tool_name text, error text, tokens jsonb, model text,
        sent_at timestamptz, metadata jsonb)`);
  }
  if (sources.length) {
    await executor.execute(sql`
      insert into rollout_sources (rollout_id, format, file, record, original)
      select rollout_id, format, file, record, original
      from jsonb_to_recordset(${toJsonParameter(serializeSources(sources))}::jsonb) as x(
        rollout_id uuid, format text, file text, record int, original jsonb)`);
  }
  return { inserted: inserted.length, skipped: batch.length - inserted.length, unlinked };
}
