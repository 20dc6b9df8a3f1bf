import { sql } from "drizzle-orm";
import { toArrayLiteral } from "@/db/bulk-insert";
import type { Executor } from "@/db/client";

// English lexemes of the words the indexer has met, process-wide: a batch asks Postgres only for
// the words no earlier batch had (one round trip), and transcripts repeat their vocabulary.

/** Words kept; past this the oldest entries go (a word costs ~100 bytes: ~10 MB at most). */
export const MAX_CACHED_STEMS = 100_000;

/** Lowercased word → its english_stem lexeme, or null for a stop word. Insertion-ordered. */
const stems = new Map<string, string | null>();

/**
 * The english_stem lexeme of each word (lowercased, as `englishWords` gives them), null for stop
 * words: cached ones at once, the rest with one `ts_lexize` query. The returned map holds every
 * asked word, whatever the cache evicts meanwhile.
 */
export async function lookUpEnglishLexemes(
  executor: Executor,
  words: Iterable<string>,
): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  const misses: string[] = [];
  for (const word of words) {
    const lexeme = stems.get(word);
    if (lexeme === undefined) misses.push(word);
    else found.set(word, lexeme);
  }
  if (misses.length === 0) return found;
  const rows = await executor.execute<{ word: string; lexeme: string | null; n: number | null }>(sql`
    select w as word, l[1] as lexeme, cardinality(l) as n
    from unnest(${toArrayLiteral(
      misses.map((w) => [w]),
      0,
    )}::text[]) as w, ts_lexize('english_stem', w) as l`);
  for (const row of rows) {
    // english_stem (Snowball) knows every word: one lexeme, or none for a stop word.
    if (row.n === null || row.n > 1) throw new Error(`english_stem gave ${row.n} lexemes for "${row.word}"`);
    const lexeme = row.n === 0 ? null : row.lexeme;
    found.set(row.word, lexeme);
    remember(row.word, lexeme);
  }
  return found;
}

function remember(word: string, lexeme: string | null): void {
  if (stems.size >= MAX_CACHED_STEMS) {
    // Drop the oldest tenth at once, so a full cache doesn't evict on every insertion.
    let drop = MAX_CACHED_STEMS / 10;
    for (const key of stems.keys()) {
      stems.delete(key);
      if (--drop === 0) break;
    }
  }
  stems.set(word, lexeme);
}

/** The cache as it is (a message whose words are all there needs no look-up). */
export const cachedLexemes: ReadonlyMap<string, string | null> = stems;

/** Words cached now (tests). */
export const cachedStemCount = () => stems.size;
