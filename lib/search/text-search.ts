import { type SQL, sql } from "drizzle-orm";

// How message text becomes searchable, in one place: the indexer builds documents with
// `messageDocument`, and every search parses the user's words with `toTsQuery`.

/**
 * A message's search document: text, reasoning and tool-call arguments (first 200k characters).
 * Path and identifier separators become spaces, so `answer key` finds `/grader/answer_key.json`;
 * `toTsQuery` treats queries the same way.
 */
export function messageDocument(alias: string): SQL {
  return sql`to_tsvector('english', ${messageDocumentText(alias)})`;
}

/** The text `messageDocument` parses (the tokenize benchmark measures to_tsvector apart from it). */
export function messageDocumentText(alias: string): SQL {
  const m = sql.raw(`"${alias}"`);
  const text = sql`left(coalesce(${m}."text", '') || ' ' || coalesce(${m}."reasoning", '') || ' ' || coalesce(${m}."tool_calls"::text, ''), 200000)`;
  return separatorsToSpaces(text);
}

/** The user's query in web-search syntax ("quoted phrases", -excluded, or). */
export const toTsQuery = (q: string) =>
  sql`websearch_to_tsquery('english', ${separatorsToSpaces(sql`${q}`)})`;

/**
 * `_ . / \` as spaces. Chained replace() rather than translate(): the same text, but translate()
 * looks up every character in a multibyte-aware loop (~2 s of CPU over the import bench's 89 MB
 * against ~0.06 s for the chain).
 */
const separatorsToSpaces = (text: SQL) =>
  sql`replace(replace(replace(replace(${text}, '_', ' '), '.', ' '), '/', ' '), '\\', ' ')`;

/**
 * The query with its phrase operators (`<->`, `<N>`) turned into AND: the rows a GIN index scan
 * returns as candidates (to be rechecked for word positions). Lexemes never contain `<`.
 */
export const toGinCandidateQuery = (q: string) =>
  sql`regexp_replace(${toTsQuery(q)}::text, '<(-|[0-9]+)>', '&', 'g')::tsquery`;

/**
 * Messages holding all of a phrase's words that a `bounded` search visits, in the GIN index's (table)
 * order: only their rows are read (the tsvector's stored size, not the tsvector). Each row is a heap
 * page of its own, more or less: at 10,000 the bench's "check the output" touched 6,600 pages, and a
 * backend touching a shared buffer for the first time pays a page fault per 4 kB (25 µs on the
 * bench's virtual machine: 380 ms for that first search, against 70 ms on a warm backend). Half as
 * many found 49 matching rollouts instead of 53 there.
 */
export const PHRASE_CANDIDATE_LIMIT = 5_000;

/**
 * Of those, the shortest a `bounded` search rechecks for the phrase. A short tsvector is stored in
 * its row and checked in a microsecond; a long one is read from TOAST and decompressed first (tens
 * of microseconds), and short messages holding all the words hold the phrase more often.
 */
export const PHRASE_RECHECK_LIMIT = 2_000;
