import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";

// How message text becomes searchable, in one place: the indexer builds documents with
// `messageDocument`, and every search parses the user's words with `toTsQuery`.

/**
 * A message's search document: text, reasoning and tool-call arguments (first 200k characters).
 * Path and identifier separators become spaces, so `answer key` finds `/grader/answer_key.json`;
 * `toTsQuery` treats queries the same way.
 */
export function messageDocument(alias: string): SQL {
  const m = sql.raw(`"${alias}"`);
  return sql`to_tsvector('english', translate(left(coalesce(${m}."text", '') || ' ' || coalesce(${m}."reasoning", '') || ' ' || coalesce(${m}."tool_calls"::text, ''), 200000), '_./\\', '    '))`;
}

/** The user's query in web-search syntax ("quoted phrases", -excluded, or). */
export const toTsQuery = (q: string) =>
  sql`websearch_to_tsquery('english', translate(${q}, '_./\\', '    '))`;

/**
 * The query with its phrase operators (`<->`, `<N>`) turned into AND: the rows a GIN index scan
 * returns as candidates (to be rechecked for word positions). Lexemes never contain `<`.
 */
export const toGinCandidateQuery = (q: string) =>
  sql`regexp_replace(${toTsQuery(q)}::text, '<(-|[0-9]+)>', '&', 'g')::tsquery`;

/**
 * Messages holding all of a phrase's words that a `bounded` search rechecks for the phrase (tens of
 * milliseconds of rechecks); the GIN index returns them in table order, the rest are never read.
 */
export const PHRASE_CANDIDATE_LIMIT = 10_000;

/**
 * The first `limit` messages of the workspace that hold all the query's words (from the GIN index),
 * with their search documents, for a bounded phrase search to recheck.
 */
export function boundedCandidates(workspaceId: string, q: string, limit = PHRASE_CANDIDATE_LIMIT): SQL {
  return sql`select ms.rollout_id, ms.message_index, ms.search from message_search ms
    where ms.workspace_id = ${workspaceId} and ms.search @@ ${toGinCandidateQuery(q)} limit ${limit}`;
}

/** Whether a bounded phrase search left candidates unchecked (the workspace has more than the limit). */
export async function isBoundedSearchPartial(
  executor: Executor,
  workspaceId: string,
  q: string,
  limit = PHRASE_CANDIDATE_LIMIT,
): Promise<boolean> {
  const [row] = await executor.execute<{ partial: boolean }>(sql`select count(*) > ${limit} as partial
    from (select 1 from message_search ms where ms.workspace_id = ${workspaceId}
      and ms.search @@ ${toGinCandidateQuery(q)} limit ${limit + 1}) as c`);
  return Boolean(row.partial);
}
