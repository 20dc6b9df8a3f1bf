import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { messageDocument } from "@/lib/search/text-search";
import { parseDocument } from "../parse-document";
import { searchDocument } from "../search-document";
import { englishWords, tsvectorLiteral } from "../tsvector-literal";
import type { TestMessage } from "./documents";

// Runs messages through the twin and through the indexer's own SQL expression, in batches.

export type Comparison = {
  checked: number;
  refused: number;
  mismatches: { message: TestMessage; document: string; expected: string; actual: string | null }[];
};

const BATCH_CHARACTERS = 2_000_000;
const BATCH_MESSAGES = 400;

/** Postgres's tsvector for each message and its tool calls as jsonb text. */
async function computeInDatabase(db: Executor, batch: TestMessage[]) {
  const texts = batch.map((m) => m.text);
  const reasonings = batch.map((m) => m.reasoning);
  const tools = batch.map((m) => (m.toolCalls == null ? null : JSON.stringify(m.toolCalls)));
  const rows = await db.execute<{ tools_text: string | null; expected: string }>(sql`
    select "m"."tool_calls"::text as tools_text, ${messageDocument("m")}::text as expected
    from unnest(${sql.param(texts)}::text[], ${sql.param(reasonings)}::text[],
                ${sql.param(tools)}::text[]::jsonb[]) with ordinality as "m"("text", "reasoning", "tool_calls", "ord")
    order by "m"."ord"`);
  return [...rows];
}

async function lexizeInDatabase(db: Executor, words: string[]): Promise<Map<string, string | null>> {
  const rows = await db.execute<{ word: string; lexemes: string[] }>(sql`
    select w as word, ts_lexize('english_stem', w) as lexemes from unnest(${sql.param(words)}::text[]) as w`);
  return new Map([...rows].map((r) => [r.word, r.lexemes[0] ?? null]));
}

export async function compareWithDatabase(db: Executor, messages: TestMessage[]): Promise<Comparison> {
  const result: Comparison = { checked: 0, refused: 0, mismatches: [] };
  let start = 0;
  while (start < messages.length) {
    let end = start;
    let size = 0;
    while (end < messages.length && end - start < BATCH_MESSAGES && size < BATCH_CHARACTERS) {
      const m = messages[end++] as TestMessage;
      size += (m.text?.length ?? 0) + (m.reasoning?.length ?? 0) + JSON.stringify(m.toolCalls ?? "").length;
    }
    const batch = messages.slice(start, end);
    start = end;
    const rows = await computeInDatabase(db, batch);
    const documents = batch.map((m, i) => searchDocument(m.text, m.reasoning, rows[i]?.tools_text ?? null));
    const parsed = documents.map(parseDocument);
    const words = new Set<string>();
    for (const tokens of parsed) if (tokens) for (const w of englishWords(tokens)) words.add(w);
    const lexemes = await lexizeInDatabase(db, [...words]);
    parsed.forEach((tokens, i) => {
      if (!tokens) {
        result.refused++;
        return;
      }
      result.checked++;
      const actual = tsvectorLiteral(tokens, lexemes);
      const expected = rows[i]?.expected ?? "";
      if (actual !== expected)
        result.mismatches.push({
          message: batch[i] as TestMessage,
          document: documents[i] as string,
          expected,
          actual,
        });
    });
  }
  return result;
}
