import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { messages, rolloutSources, rollouts } from "@/db/schema";
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

function messageRow(rolloutId: string, workspaceId: string, m: NormalizedMessage, index: number) {
  return {
    rolloutId,
    workspaceId,
    index,
    role: m.role,
    text: cleanText(m.text) ?? "",
    parts: m.parts?.length ? m.parts : null,
    reasoning: cleanText(m.reasoning),
    toolCalls: m.toolCalls?.length ? m.toolCalls : null,
    toolCallId: m.toolCallId ?? null,
    toolName: m.toolName ?? null,
    error: cleanText(m.error),
    tokens: m.tokens ?? null,
    model: m.model ?? null,
    sentAt: toDate(m.createdAt),
    metadata: m.metadata && Object.keys(m.metadata).length ? m.metadata : null,
  };
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

  let messageRows: ReturnType<typeof messageRow>[] = [];
  const flushMessages = async () => {
    if (messageRows.length) await executor.insert(messages).values(messageRows);
    messageRows = [];
  };
  const sources = [];
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
    if (messageRows.length >= MESSAGE_ROWS_PER_INSERT) await flushMessages();
    sources.push({
      rolloutId,
      format: target.format,
      file: item.file,
      record: item.record,
      // jsonb refuses the \u0000 escape; the hash was taken from the untouched text.
      original: sql`${item.originalJson.replaceAll("\\u0000", "\\ufffd")}::jsonb`,
    });
  }
  await flushMessages();
  if (sources.length) await executor.insert(rolloutSources).values(sources);
  return { inserted: inserted.length, skipped: batch.length - inserted.length, unlinked };
}
