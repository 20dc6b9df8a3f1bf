import { sql } from "drizzle-orm";
import { type BulkColumn, type BulkValue, bulkInsert, JsonText, toArrayLiteral } from "@/db/bulk-insert";
import type { Executor } from "@/db/client";
import { hasGivenUp } from "./give-up";
import {
  type BatchTarget,
  countToolCalls,
  countToolErrors,
  MESSAGE_COLUMNS,
  messageRow,
  type PreparedRollout,
} from "./store-rollouts";

// Rewrites stored rollouts with new content (a live run's item sent again while its rollout still
// runs): the row's fields, its messages and its source record, in the caller's transaction. The
// rollout keeps its id, labels and identity; its search index is dropped for the indexer to redo.

const UPDATE_COLUMNS: BulkColumn[] = [
  { name: "id", type: "uuid" },
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
  { name: "original", type: "jsonb" },
];

export type RolloutReplacement = { id: string; prepared: PreparedRollout };

export async function replaceRollouts(
  executor: Executor,
  target: BatchTarget,
  replacements: RolloutReplacement[],
): Promise<void> {
  if (replacements.length === 0) return;
  const rows: BulkValue[][] = replacements.map(({ id, prepared: { rollout: r, originalJson } }) => [
    id,
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
    new JsonText(originalJson),
  ]);
  const names = sql.raw(UPDATE_COLUMNS.map((c) => `"${c.name}"`).join(", "));
  const arrays = UPDATE_COLUMNS.map((c, i) => sql`${toArrayLiteral(rows, i)}::${sql.raw(c.type)}[]`);
  const ids = sql`${toArrayLiteral(rows, 0)}::uuid[]`;
  await executor.execute(sql`delete from message_search where rollout_id = any(${ids})`);
  await executor.execute(sql`delete from messages where rollout_id = any(${ids})`);
  await executor.execute(sql`
    with u (${names}) as (select * from unnest(${sql.join(arrays, sql`, `)}))
    update rollouts r set task_id = u.task_id, task_key = u.task_key, step = u.step, model = u.model,
      reward = u.reward, scores = u.scores, status = u.status, error = u.error, metadata = u.metadata,
      message_count = u.message_count, tool_call_count = u.tool_call_count,
      tool_error_count = u.tool_error_count, gave_up = u.gave_up, search_indexed_at = null, updated_at = now()
    from u where r.id = u.id`);
  await executor.execute(sql`
    with u (${names}) as (select * from unnest(${sql.join(arrays, sql`, `)}))
    update rollout_sources s set original = u.original, updated_at = now() from u where s.rollout_id = u.id`);
  const messageRows: BulkValue[][] = [];
  for (const { id, prepared } of replacements) {
    prepared.rollout.messages.forEach((m, index) => {
      messageRows.push(messageRow(id, target.workspaceId, m, index));
    });
  }
  await bulkInsert(executor, "messages", MESSAGE_COLUMNS, messageRows);
}
