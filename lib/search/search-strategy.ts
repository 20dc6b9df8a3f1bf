import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { messageSearch } from "@/db/schema";
import { PHRASE_CANDIDATE_LIMIT, toGinCandidateQuery, toTsQuery } from "./text-search";

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
//   and a scan checks almost every message before a page fills. So only the first
//   PHRASE_CANDIDATE_LIMIT messages holding all the words are rechecked; the list says when that
//   cut the search short (text-search.ts).

export type SearchStrategy = "index" | "scan" | "bounded";

/** Pages of message_search read by the sample: a few thousand messages, a few milliseconds. */
const SAMPLE_PAGES = 160;
/** Rollouts a list page needs (page size 50 and one to know there is a next page). */
const PAGE_ROLLOUTS = 51;
/**
 * The scan estimate assumes matches spread evenly over rollouts, the best case for a scan; this
 * factor covers matches bunched in fewer rollouts before preferring it.
 */
const SCAN_CAUTION = 4;

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
export function decideSearchStrategy(sample: SearchSample): SearchStrategy {
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
  // A phrase whose index candidates and expected scan (without the caution) both exceed the limit.
  const isCostlyPhrase =
    sample.hasPhrase &&
    indexCost > PHRASE_CANDIDATE_LIMIT &&
    scanCost / SCAN_CAUTION > PHRASE_CANDIDATE_LIMIT;
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
  return sql`select ${SAMPLE_PERCENT} as percent,
      count(*) filter (where ${messageSearch.workspaceId} = ${workspaceId})::int as workspace_sampled,
      count(*) filter (where ${messageSearch.workspaceId} = ${workspaceId}
        and ${messageSearch.search} @@ ${toTsQuery(q)})::int as workspace_matching,
      count(*) filter (where ${messageSearch.search} @@ ${toGinCandidateQuery(q)})::int as candidates,
      ${toTsQuery(q)}::text ~ '<(-|[0-9]+)>' as has_phrase
    from ${messageSearch} tablesample system (${SAMPLE_PERCENT}) repeatable (16)`;
}

export async function chooseSearchStrategy(
  executor: Executor,
  workspaceId: string,
  q: string,
): Promise<SearchStrategy> {
  return decideSearchStrategy(await sampleSearch(executor, workspaceId, q));
}
