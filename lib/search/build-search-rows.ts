import type { Executor } from "@/db/client";
import { cachedLexemes, lookUpEnglishLexemes } from "./stem-cache";
import { type DocumentToken, parseDocument } from "./tsvector/parse-document";
import { searchDocument } from "./tsvector/search-document";
import { englishWords, tsvectorLiteral } from "./tsvector/tsvector-literal";

// A batch's search vectors built in Node, for the embedded database (insert-search-rows.ts): its
// to_tsvector runs in WASM on this same thread. Only the english lexemes come from the database
// (lib/search/stem-cache.ts). Documents the parser refuses go back to it.

/** A message as the indexer reads it: tool calls as the text Postgres prints for their jsonb. */
export type MessageToIndex = {
  rollout_id: string;
  workspace_id: string;
  index: number;
  text: string | null;
  reasoning: string | null;
  tool_calls: string | null;
};

/** message_search's columns, in the order of a built row. */
export const SEARCH_ROW_COLUMNS = [
  { name: "rollout_id", type: "uuid" },
  { name: "workspace_id", type: "uuid" },
  { name: "message_index", type: "int" },
  { name: "search", type: "tsvector" },
];

export type SearchRows = {
  /** [rollout_id, workspace_id, message_index, tsvector literal] */
  rows: [string, string, number, string][];
  /** Messages whose vector Postgres computes (the parser could not promise an exact one). */
  refused: MessageToIndex[];
};

/**
 * Work done between two yields to the event loop: the studio server indexes in its web process,
 * where a batch's few megabytes of text would otherwise block requests for a second or more. Both
 * INDEX_WORKERS resume in the same turn of the loop, so a request may wait two slices.
 */
const SLICE_MS = 5;

export async function buildSearchRows(executor: Executor, messages: MessageToIndex[]): Promise<SearchRows> {
  const slicer = createSlicer();
  const rows: SearchRows["rows"] = [];
  const refused: MessageToIndex[] = [];
  // Messages with a word the cache lacks wait for the batch's one look-up; the others become rows
  // at once, so their tokens die young (held for the whole batch, they made GC most of the CPU).
  const waiting: { message: MessageToIndex; tokens: DocumentToken[] }[] = [];
  const words = new Set<string>();
  const toRow = (message: MessageToIndex, literal: string): SearchRows["rows"][number] => [
    message.rollout_id,
    message.workspace_id,
    message.index,
    literal,
  ];
  for (const message of messages) {
    const tokens = parseDocument(searchDocument(message.text, message.reasoning, message.tool_calls));
    if (tokens === null) refused.push(message);
    else {
      // Null while a word is not in the cache.
      const literal = tsvectorLiteral(tokens, cachedLexemes);
      if (literal !== null) rows.push(toRow(message, literal));
      else {
        waiting.push({ message, tokens });
        for (const word of englishWords(tokens)) words.add(word);
      }
    }
    await slicer.yieldWhenDue();
  }
  if (waiting.length === 0) return { rows, refused };
  const lexemes = await lookUpEnglishLexemes(executor, words);
  for (const { message, tokens } of waiting) {
    const literal = tsvectorLiteral(tokens, lexemes);
    // lookUpEnglishLexemes answers every word it is asked, or throws.
    if (literal === null) throw new Error("An english word of a document has no lexeme after its look-up");
    rows.push(toRow(message, literal));
    await slicer.yieldWhenDue();
  }
  return { rows, refused };
}

function createSlicer() {
  let started = performance.now();
  return {
    async yieldWhenDue() {
      if (performance.now() - started < SLICE_MS) return;
      await new Promise((resolve) => setImmediate(resolve));
      started = performance.now();
    },
  };
}
