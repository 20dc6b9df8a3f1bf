import { type SQL, sql } from "drizzle-orm";
import { bulkInsert, toArrayLiteral } from "@/db/bulk-insert";
import type { Executor } from "@/db/client";
import { buildSearchRows, type MessageToIndex, SEARCH_ROW_COLUMNS } from "./build-search-rows";
import { messageDocument } from "./text-search";

// Writes the search rows of messages not indexed yet, in the caller's transaction, whose rollouts
// it holds locked (so no other indexer writes them meanwhile).

/** Which messages: all of these rollouts' unindexed ones, or one slice of a large rollout. */
export type MessageSelection = { rolloutIds: string[] } | { rolloutId: string; from: number; to: number };

/** Ids as one uuid[] parameter (ids come from the database, never from input). */
export const uuidArray = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

export async function insertSearchRows(executor: Executor, selection: MessageSelection): Promise<void> {
  const messages = await executor.execute<MessageToIndex>(selectMessages(selection));
  const { rows, refused } = await buildSearchRows(executor, [...messages]);
  await bulkInsert(executor, "message_search", SEARCH_ROW_COLUMNS, rows);
  if (refused.length > 0) await insertComputedByPostgres(executor, refused);
}

const MESSAGE_COLUMNS = sql`m.rollout_id, m.workspace_id, m.index, m.text, m.reasoning, m.tool_calls::text as tool_calls`;

function selectMessages(selection: MessageSelection): SQL {
  if ("rolloutId" in selection)
    return sql`select ${MESSAGE_COLUMNS} from messages m
      where m.rollout_id = ${selection.rolloutId} and m.index >= ${selection.from} and m.index < ${selection.to}`;
  // Rollouts that were indexed and then got new messages (live runs) have their earlier ones indexed.
  return sql`select ${MESSAGE_COLUMNS} from unnest(${uuidArray(selection.rolloutIds)}) as r (id)
    cross join lateral (select coalesce(max(s.message_index) + 1, 0) as next from message_search s where s.rollout_id = r.id) done
    join messages m on m.rollout_id = r.id and m.index >= done.next`;
}

/** The refused documents' vectors, computed by Postgres from the same SQL document as ever. */
async function insertComputedByPostgres(executor: Executor, refused: MessageToIndex[]): Promise<void> {
  const keys = refused.map((m) => [m.rollout_id, m.index]);
  await executor.execute(sql`
    insert into message_search (rollout_id, workspace_id, message_index, search)
    select m.rollout_id, m.workspace_id, m.index, ${messageDocument("m")}
    from unnest(${toArrayLiteral(keys, 0)}::uuid[], ${toArrayLiteral(keys, 1)}::int[]) as r (rollout_id, index)
    join messages m on m.rollout_id = r.rollout_id and m.index = r.index`);
}
