import { sql } from "drizzle-orm";
import { type BulkColumn, type BulkValue, bulkInsert, JsonText, toArrayLiteral } from "@/db/bulk-insert";
import type { Executor } from "@/db/client";
import {
  type BatchTarget,
  MESSAGE_COLUMNS,
  messageRow,
  type PreparedRollout,
  ROLLOUT_CONTENT_COLUMNS,
  rolloutContent,
} from "./store-rollouts";

// Rewrites stored rollouts with new content (a live run's item sent again while its rollout still
// runs): the row's content columns, its messages and its source record, in the caller's
// transaction. The rollout keeps its id, labels and identity; its search index is dropped for the
// indexer to redo.

const UPDATE_COLUMNS: BulkColumn[] = [
  { name: "id", type: "uuid" },
  ...ROLLOUT_CONTENT_COLUMNS,
  { name: "original", type: "json" },
];

export type RolloutReplacement = { id: string; prepared: PreparedRollout };

export async function replaceRollouts(
  executor: Executor,
  target: BatchTarget,
  replacements: RolloutReplacement[],
): Promise<void> {
  if (replacements.length === 0) return;
  const rows: BulkValue[][] = replacements.map(({ id, prepared }) => [
    id,
    ...rolloutContent(target, prepared.rollout),
    new JsonText(prepared.originalJson),
  ]);
  const names = sql.raw(UPDATE_COLUMNS.map((c) => `"${c.name}"`).join(", "));
  const arrays = UPDATE_COLUMNS.map((c, i) => sql`${toArrayLiteral(rows, i)}::${sql.raw(c.type)}[]`);
  const ids = sql`${toArrayLiteral(rows, 0)}::uuid[]`;
  const setContent = sql.raw(ROLLOUT_CONTENT_COLUMNS.map((c) => `"${c.name}" = u."${c.name}"`).join(", "));
  await executor.execute(sql`delete from message_search where rollout_id = any(${ids})`);
  await executor.execute(sql`delete from messages where rollout_id = any(${ids})`);
  await executor.execute(sql`
    with u (${names}) as (select * from unnest(${sql.join(arrays, sql`, `)}))
    update rollouts r set ${setContent}, search_indexed_at = null, updated_at = now()
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
