import { SQL, sql } from "drizzle-orm";
import { uuidArray } from "@/db/uuid-array";

// Background batches (search indexing, the reward-hack scans, judging) read the messages of a batch
// of rollouts; imports leave the messages' ANALYZE to their search indexing, so these statements
// often plan without statistics.

/**
 * Each rollout's messages in index order: `columns` of `messages m` for the rollouts `rolloutIds`
 * (ids from the database, never from input, or a uuid[] expression that selects them), in
 * `workspaceId` when given, from index `from` on (an
 * expression that may use the rollout's `r.id`; all when omitted). One primary-key scan per rollout
 * whatever the statistics: as a plain join or `rollout_id = any(…)`, messages without statistics
 * made Postgres expect a thousand messages per rollout and scan the whole table once per batch
 * (`studio index` of a fresh 312,000-message import took 31-36 s so; a scan batch 0.35-0.5 s, now
 * 6.5 ms). The ORDER BY keeps the subquery from being flattened back into such a join.
 */
export function selectMessagesOfRollouts(
  rolloutIds: readonly string[] | SQL,
  columns: SQL,
  { from = sql`0`, workspaceId }: { from?: SQL; workspaceId?: string } = {},
): SQL {
  const inWorkspace = workspaceId ? sql`and m.workspace_id = ${workspaceId}` : sql``;
  const ids = rolloutIds instanceof SQL ? rolloutIds : uuidArray(rolloutIds);
  return sql`select m.* from unnest(${ids}) as r (id)
    cross join lateral (select ${columns} from messages m
      where m.rollout_id = r.id and m.index >= ${from} ${inWorkspace} order by m.index) m`;
}
