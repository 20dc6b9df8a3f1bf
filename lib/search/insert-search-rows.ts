import { type SQL, sql } from "drizzle-orm";
import { bulkInsert, toArrayLiteral } from "@/db/bulk-insert";
import { type Executor, hasSingleConnection } from "@/db/client";
import { selectMessagesOfRollouts } from "@/lib/rollouts/messages-of-rollouts";
import { buildSearchRows, type MessageToIndex, SEARCH_ROW_COLUMNS } from "./build-search-rows";
import { messageDocument } from "./text-search";

// Writes the search rows of messages not indexed yet, in the caller's transaction, whose rollouts
// it holds locked (so no other indexer writes them meanwhile).

/** Which messages: all of these rollouts' unindexed ones, or one slice of a large rollout. */
export type MessageSelection = { rolloutIds: string[] } | { rolloutId: string; from: number; to: number };

/**
 * Where the vectors are built depends on where the database runs. A Postgres server tokenizes on
 * its own cores, one backend per indexing batch, and leaves this process's one thread to requests:
 * on the import bench (2 cores) that reached "searchable" as soon as building them in Node did,
 * without Node's ~10 s of CPU on the web process's event loop. The embedded database runs on this
 * process's thread anyway, and there the JavaScript twin costs less CPU than to_tsvector in WASM and
 * blocks the loop in 5 ms slices instead of for whole statements.
 */
export async function insertSearchRows(executor: Executor, selection: MessageSelection): Promise<void> {
  if (hasSingleConnection()) await insertBuiltInNode(executor, selection);
  else await insertBuiltByPostgres(executor, selectMessages(selection));
}

/** Rows whose vectors Postgres builds from the SQL document, for the messages `messages` selects. */
async function insertBuiltByPostgres(executor: Executor, messages: SQL): Promise<void> {
  await executor.execute(sql`
    insert into message_search (rollout_id, workspace_id, message_index, search)
    select s.rollout_id, s.workspace_id, s.index, ${messageDocument("s")}
    from (${messages}) as s`);
}

/** Exported for tests: the Node path on either database. */
export async function insertBuiltInNode(executor: Executor, selection: MessageSelection): Promise<void> {
  const messages = await executor.execute<MessageToIndex>(selectMessages(selection));
  const { rows, refused } = await buildSearchRows(executor, [...messages]);
  await bulkInsert(executor, "message_search", SEARCH_ROW_COLUMNS, rows);
  if (refused.length > 0) await insertBuiltByPostgres(executor, selectRefused(refused));
}

const MESSAGE_COLUMNS = sql`m.rollout_id, m.workspace_id, m.index, m.text, m.reasoning, m.tool_calls::text as tool_calls`;

/** Exported for tests: the statement that reads a batch's messages. */
export function selectMessages(selection: MessageSelection): SQL {
  if ("rolloutId" in selection)
    return sql`select ${MESSAGE_COLUMNS} from messages m
      where m.rollout_id = ${selection.rolloutId} and m.index >= ${selection.from} and m.index < ${selection.to}`;
  // Rollouts that were indexed and then got new messages (live runs) have their earlier ones indexed.
  return selectMessagesOfRollouts(selection.rolloutIds, MESSAGE_COLUMNS, {
    from: sql`(select coalesce(max(s.message_index) + 1, 0) from message_search s where s.rollout_id = r.id)`,
  });
}

/** The messages whose documents the twin refused (Postgres builds their vectors). */
function selectRefused(refused: MessageToIndex[]): SQL {
  const keys = refused.map((m) => [m.rollout_id, m.index]);
  return sql`select ${MESSAGE_COLUMNS}
    from unnest(${toArrayLiteral(keys, 0)}::uuid[], ${toArrayLiteral(keys, 1)}::int[]) as r (rollout_id, index)
    join messages m on m.rollout_id = r.rollout_id and m.index = r.index`;
}
