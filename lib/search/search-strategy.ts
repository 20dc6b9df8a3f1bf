import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { messageSearch } from "@/db/schema";
import { PHRASE_CANDIDATE_LIMIT, PHRASE_RECHECK_LIMIT, toGinCandidateQuery, toTsQuery } from "./text-search";

// Which plan a search runs, decided by measuring rather than by the planner's estimates: those come
// from table statistics, which don't exist until something runs ANALYZE (never on PGlite, and not
// on a Postgres without autovacuum), and a tsquery's selectivity without them is a fixed guess that
// is off by three orders of magnitude for common words either way.
//
// `index`: collect the matching rollouts through the GIN index once, then page them. Its cost is
//   the number of index candidates, across all workspaces (the index is shared).
// `scan`: walk the workspace's rollouts in sort order and check each one's messages in message
//   order with a plain btree scan, stopping at the first match. Its cost is how many messages are
//   checked before a page of matching rollouts fills: few for common words, everything for rare ones.
// `bounded`: a phrase of common words that are rarely adjacent (`"check the output"`) is costly both
//   ways: the GIN index returns every message holding all the words, each rechecked for positions,
//   and a scan checks almost every message before a page fills. So only the PHRASE_RECHECK_LIMIT
//   shortest of the first PHRASE_CANDIDATE_LIMIT messages holding all the words are rechecked; the
//   list says when that cut the search short (text-search.ts).

export type SearchChoice = "index" | "scan" | "bounded";

/**
 * The bounded plan, run before the page: the first matching message of each rollout among the
 * rechecked candidates, and whether candidates were left unchecked.
 */
export type BoundedMatches = {
  kind: "bounded";
  rolloutIds: string[];
  messageIndexes: number[];
  isPartial: boolean;
};

/** How the rollout list runs a search: a plan, or the bounded plan's matches. */
export type SearchStrategy = "index" | "scan" | BoundedMatches;

/** Pages of message_search read by the sample: a few thousand messages, a few milliseconds. */
const SAMPLE_PAGES = 160;
/** Rollouts a list page needs (page size 50 and one to know there is a next page). */
const PAGE_ROLLOUTS = 51;
/**
 * The scan estimate assumes matches spread evenly over rollouts, the best case for a scan; this
 * factor covers matches bunched in fewer rollouts before preferring it.
 */
const SCAN_CAUTION = 4;
/** Estimated rechecks above which both exact plans lose to the bounded plan's few thousand. */
const BOUNDED_ABOVE = 20_000;

/** The percentage of message_search's pages that makes SAMPLE_PAGES (all of a small table). */
const SAMPLE_PERCENT = sql`(select least(100, 100.0 * ${SAMPLE_PAGES}
  / greatest(1, pg_relation_size('message_search') / current_setting('block_size')::int))::float8)`;

export type SearchSample = {
  /** Share of message_search's pages the sample read, in percent (100: all of it). */
  percent: number;
  /** Sampled messages of the workspace, and those matching the query. */
  workspaceSampled: number;
  workspaceMatching: number;
  /** Sampled messages of any workspace that the GIN index returns as candidates for the query. */
  candidates: number;
  /** Whether the query holds a phrase (word positions are checked after the GIN index). */
  hasPhrase: boolean;
};

/** Estimated messages each plan touches, from a sample; the cheaper plan wins (index on a tie). */
export function decideSearchStrategy(sample: SearchSample): SearchChoice {
  const scale = 100 / sample.percent;
  const indexCost = sample.candidates * scale;
  const workspaceMessages = sample.workspaceSampled * scale;
  const scanCost =
    sample.workspaceMatching > 0
      ? Math.min(
          workspaceMessages,
          (SCAN_CAUTION * PAGE_ROLLOUTS * sample.workspaceSampled) / sample.workspaceMatching,
        )
      : workspaceMessages;
  // A phrase whose exact plans would both recheck several times what the bounded plan does: the
  // index's candidates, and the scan's expected checks (without its caution factor).
  const isCostlyPhrase =
    sample.hasPhrase && indexCost > BOUNDED_ABOVE && scanCost / SCAN_CAUTION > BOUNDED_ABOVE;
  if (isCostlyPhrase) return "bounded";
  return scanCost < indexCost ? "scan" : "index";
}

/**
 * Samples message_search with TABLESAMPLE (a fixed seed, so the same data gives the same choice)
 * and counts matches of the query and GIN candidates. Independent of table statistics.
 */
export async function sampleSearch(
  executor: Executor,
  workspaceId: string,
  q: string,
): Promise<SearchSample> {
  const [row] = await executor.execute<{
    percent: number;
    workspace_sampled: number;
    workspace_matching: number;
    candidates: number;
    has_phrase: boolean;
  }>(selectSearchSample(workspaceId, q));
  return {
    percent: Number(row.percent),
    workspaceSampled: Number(row.workspace_sampled),
    workspaceMatching: Number(row.workspace_matching),
    candidates: Number(row.candidates),
    hasPhrase: Boolean(row.has_phrase),
  };
}

/** The sampling query of sampleSearch (tests EXPLAIN it). */
export function selectSearchSample(workspaceId: string, q: string): SQL {
  // Each sampled row's tsvector is checked once where one check answers both counts: its match (the
  // workspace's rows) is also whether it is a GIN candidate, unless the query holds a phrase.
  // `offset 0` keeps the subquery's columns computed once instead of copied into each use.
  const hasPhrase = sql`(${toTsQuery(q)}::text ~ '<(-|[0-9]+)>')`;
  return sql`select ${SAMPLE_PERCENT} as percent,
      count(*) filter (where s.mine)::int as workspace_sampled,
      count(*) filter (where s.mine and s.hit)::int as workspace_matching,
      count(*) filter (where case when ${hasPhrase} then s.search @@ ${toGinCandidateQuery(q)}
        else coalesce(s.hit, s.search @@ ${toTsQuery(q)}) end)::int as candidates,
      ${hasPhrase} as has_phrase
    from (select ms.workspace_id = ${workspaceId} as mine, ms.search,
        case when ms.workspace_id = ${workspaceId} then ms.search @@ ${toTsQuery(q)} end as hit
      from ${messageSearch} as ms tablesample system (${SAMPLE_PERCENT}) repeatable (16) offset 0) as s`;
}

export async function chooseSearchStrategy(
  executor: Executor,
  workspaceId: string,
  q: string,
): Promise<SearchStrategy> {
  const choice = decideSearchStrategy(await sampleSearch(executor, workspaceId, q));
  return choice === "bounded" ? findBoundedMatches(executor, workspaceId, q) : choice;
}

/**
 * Visits the first `visit` candidates (messages holding all the words) through the GIN index,
 * reading their rows but not their tsvectors, then rechecks the `recheck` shortest of them for the
 * phrase, fetched again by row address. Sequential scans are off for it (in the caller's
 * transaction, then restored): with statistics, Postgres may expect a scan to find the candidates
 * sooner, but each row it passes costs a tsvector check. The three statements are sent together
 * (pipelined, one round trip); the setting to restore waits in a transaction-local variable (left
 * empty by an earlier transaction: then the server's default is restored).
 */
export async function findBoundedMatches(
  executor: Executor,
  workspaceId: string,
  q: string,
  {
    visit = PHRASE_CANDIDATE_LIMIT,
    recheck = PHRASE_RECHECK_LIMIT,
  }: { visit?: number; recheck?: number } = {},
): Promise<BoundedMatches> {
  const settingOff = executor.execute(sql`select
    set_config('studio.enable_seqscan_before', current_setting('enable_seqscan'), true),
    set_config('enable_seqscan', 'off', true)`);
  // pg_column_size reads a TOASTed value's size from its pointer. The row fetched again is the same
  // one only if its key still matches (a row address is reused once its row is deleted and vacuumed).
  const matching = executor.execute<{
    rollout_id: string | null;
    message_index: number | null;
    partial: boolean;
  }>(sql`
    with c as materialized (
      select ms.ctid as tid, ms.rollout_id, ms.message_index, pg_column_size(ms.search) as size,
        row_number() over () as n
      from message_search ms
      where ms.workspace_id = ${workspaceId} and ms.search @@ ${toGinCandidateQuery(q)} limit ${visit + 1}),
    checked as materialized (select c.tid, c.rollout_id, c.message_index from c
      where c.n <= ${visit} order by c.size, c.n limit ${recheck})
    select m.rollout_id, m.message_index, (select count(*) from c) > ${Math.min(visit, recheck)} as partial
    from (select 1) as one left join (select k.rollout_id, min(k.message_index)::int as message_index
      from checked k join message_search ms on ms.ctid = k.tid and ms.rollout_id = k.rollout_id
        and ms.message_index = k.message_index
      where ms.search @@ ${toTsQuery(q)} group by k.rollout_id) as m on true`);
  const restored = executor.execute(
    sql`select set_config('enable_seqscan',
      coalesce(nullif(current_setting('studio.enable_seqscan_before', true), ''), 'on'), true)`,
  );
  const [, rows] = await Promise.all([settingOff, matching, restored]);
  const matches = rows.filter((r) => r.rollout_id !== null);
  return {
    kind: "bounded",
    rolloutIds: matches.map((r) => r.rollout_id as string),
    messageIndexes: matches.map((r) => Number(r.message_index)),
    isPartial: Boolean(rows[0]?.partial),
  };
}
