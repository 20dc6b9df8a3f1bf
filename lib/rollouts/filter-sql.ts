import "server-only";
import { and, eq, gt, gte, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, flags, labels, messageSearch, rollouts } from "@/db/schema";
import { uuidArray } from "@/db/uuid-array";
import { verdictSourceSql } from "@/lib/scanners/verdict-sql";
import type { SearchStrategy } from "@/lib/search/search-strategy";
import { toTsQuery } from "@/lib/search/text-search";
import type { RolloutCursor } from "./cursor";
import type { RolloutFilter, RolloutSort } from "./schemas";

// SQL pieces of the rollout list: filter conditions, keyset conditions and the matching ORDER BY.

/** created_at as an exact UTC ISO string with microseconds, the keyset value of time sorts. */
export const createdAtKey = sql<string>`to_char(${rollouts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const isBareDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The outer rollout's id, spelled out for correlated subqueries: Drizzle leaves columns unqualified
 * in single-table selects (countRollouts), where a bare "id" would bind to the subquery's table.
 */
const OUTER_ROLLOUT_ID = sql.raw(`"rollouts"."id"`);

/**
 * `visibleLabels`: a condition on `labels` keeping the caller's visible rows (lib/labels/visibility.ts);
 * the label filter counts only those, so a blind queue's hidden labels don't show through it.
 */
export function buildFilterConditions(
  workspaceId: string,
  filter: RolloutFilter,
  searchStrategy: SearchStrategy = "scan",
  visibleLabels?: SQL,
): SQL[] {
  const conditions: SQL[] = [eq(rollouts.workspaceId, workspaceId)];
  if (filter.environment) {
    const environmentIds = db
      .select({ id: environments.id })
      .from(environments)
      .where(and(eq(environments.workspaceId, workspaceId), eq(environments.slug, filter.environment)));
    conditions.push(inArray(rollouts.environmentId, environmentIds));
  }
  if (filter.task) conditions.push(eq(rollouts.taskKey, filter.task));
  if (filter.model) conditions.push(eq(rollouts.model, filter.model));
  if (filter.run) conditions.push(eq(rollouts.runId, filter.run));
  if (filter.step !== undefined) conditions.push(eq(rollouts.step, filter.step));
  if (filter.minReward !== undefined) conditions.push(gte(rollouts.reward, filter.minReward));
  if (filter.maxReward !== undefined) conditions.push(lte(rollouts.reward, filter.maxReward));
  if (filter.toolErrors === "yes") conditions.push(gt(rollouts.toolErrorCount, 0));
  if (filter.toolErrors === "no") conditions.push(eq(rollouts.toolErrorCount, 0));
  if (filter.label) {
    // Labelled: at least one reviewer's label (any version) on the rollout.
    const visible = visibleLabels ? sql` and ${visibleLabels}` : sql``;
    const labelled = sql`exists (select 1 from ${labels} where ${labels.rolloutId} = ${OUTER_ROLLOUT_ID}${visible})`;
    conditions.push(filter.label === "labeled" ? labelled : sql`not ${labelled}`);
  }
  if (filter.flagged) {
    // `true` leaves out rollouts whose flags the deployed LLM scanner disputed (lib/scanners/verdict-sql.ts),
    // so a queue built on "flagged" samples only flags that count; `disputed` lists those apart.
    const flagged = sql`exists (select 1 from ${flags} where ${flags.rolloutId} = ${OUTER_ROLLOUT_ID})`;
    const disputed = sql`(${verdictSourceSql(OUTER_ROLLOUT_ID)} = 'disputed')`;
    conditions.push(
      filter.flagged === "true"
        ? sql`(${flagged} and not ${disputed})`
        : filter.flagged === "disputed"
          ? disputed
          : sql`not ${flagged}`,
    );
  }
  if (filter.signature) {
    conditions.push(sql`exists (select 1 from ${flags} where ${flags.rolloutId} = ${OUTER_ROLLOUT_ID}
      and ${flags.signature} = ${filter.signature})`);
  }
  if (filter.from) conditions.push(gte(rollouts.createdAt, new Date(filter.from)));
  if (filter.to) {
    const to = new Date(filter.to);
    if (isBareDay(filter.to)) conditions.push(lt(rollouts.createdAt, new Date(to.getTime() + 86_400_000)));
    else conditions.push(lte(rollouts.createdAt, to));
  }
  if (filter.q && searchStrategy === "index") {
    // An uncorrelated ARRAY(...) is an InitPlan: it runs once, through the GIN index of
    // message_search, whatever the planner estimates (a join could rescan the index per rollout).
    conditions.push(sql`${OUTER_ROLLOUT_ID} = any(array(select distinct ${messageSearch.rolloutId} from ${messageSearch}
      where ${messageSearch.workspaceId} = ${workspaceId} and ${messageSearch.search} @@ ${toTsQuery(filter.q)}))`);
  } else if (filter.q && typeof searchStrategy === "object") {
    // A phrase of common words: the rollouts found among the first candidates (findBoundedMatches).
    conditions.push(sql`${OUTER_ROLLOUT_ID} = any(${uuidArray(searchStrategy.rolloutIds)})`);
  } else if (filter.q) {
    // A check per rollout in sort order (run it under preferOrderedIndexScans: a btree scan of the
    // rollout's messages that stops at the first match). `offset 0` keeps it a per-row subplan:
    // Postgres would otherwise turn EXISTS into a semi-join, free to hash every matching message.
    conditions.push(sql`exists (select 1 from ${messageSearch} where ${messageSearch.rolloutId} = ${OUTER_ROLLOUT_ID}
      and ${messageSearch.workspaceId} = ${workspaceId} and ${messageSearch.search} @@ ${toTsQuery(filter.q)} offset 0)`);
  }
  return conditions;
}

export function buildOrderBy(sort: RolloutSort): SQL[] {
  switch (sort) {
    case "newest":
      return [sql`${rollouts.createdAt} desc`, sql`${rollouts.id} desc`];
    case "oldest":
      return [sql`${rollouts.createdAt} asc`, sql`${rollouts.id} asc`];
    case "reward-desc":
      return [sql`${rollouts.reward} desc nulls last`, sql`${rollouts.id} desc`];
    case "reward-asc":
      return [sql`${rollouts.reward} asc nulls last`, sql`${rollouts.id} asc`];
  }
}

/** Rows strictly after the cursor in the order of buildOrderBy (rows without a reward sort last). */
export function buildKeysetCondition(cursor: RolloutCursor): SQL {
  const { sort, value, id } = cursor;
  if (sort === "newest")
    return sql`(${rollouts.createdAt}, ${rollouts.id}) < (${value}::timestamptz, ${id}::uuid)`;
  if (sort === "oldest")
    return sql`(${rollouts.createdAt}, ${rollouts.id}) > (${value}::timestamptz, ${id}::uuid)`;
  const after = sort === "reward-desc" ? sql`<` : sql`>`;
  if (value === null) return sql`(${rollouts.reward} is null and ${rollouts.id} ${after} ${id}::uuid)`;
  return sql`(${rollouts.reward} ${after} ${value} or (${rollouts.reward} = ${value} and ${rollouts.id} ${after} ${id}::uuid) or ${rollouts.reward} is null)`;
}
