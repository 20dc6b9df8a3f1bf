import postgres from "postgres";
import { connectDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";
import { insertRealisticSearchCorpus } from "./search-corpus";
import { runStudioCli, startStudioServer } from "./studio-server";
import { insertRun } from "./synthetic-transcripts";
import { VOCABULARY } from "./zipf-text";

// Search benchmark: full-text queries over 1,000,000 messages of realistic text (Zipf-like words,
// long tool outputs; bench/zipf-text.ts) through GET /api/v1/rollouts (filter, keyset page of 50,
// highlighted snippets), by kind of query: common words (in a tenth to most of all messages), rare
// words, and phrases. First with no table statistics (as after a bulk import: PGlite never
// analyzes, nor does a Postgres without autovacuum), then after ANALYZE. Target: p95 ≤ 100 ms each.

const QUERIES: Record<string, string[]> = {
  common: ["test", "error", "file output", "python tests", "run check"],
  rare: ["zebracorn", VOCABULARY[3000], VOCABULARY[12000], `zebracorn ${VOCABULARY[10]}`],
  phrase: ['"permission denied"', '"most recent call"', '"error file"', '"check the output"'],
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

type Ask = (q: string) => Promise<{ ms: number; hits: number }>;

async function measure(ask: Ask, rounds: number) {
  const all = Object.values(QUERIES).flat();
  for (const q of all) await ask(q); // warm-up: connection pool, page cache
  const byKind: Record<string, { p50: number; p95: number }> = {};
  for (const [kind, queries] of Object.entries(QUERIES)) {
    const times: number[] = [];
    const perQuery: string[] = [];
    for (const q of queries) {
      const mine: number[] = [];
      for (let round = 0; round < rounds; round += 1) mine.push((await ask(q)).ms);
      times.push(...mine);
      mine.sort((a, b) => a - b);
      perQuery.push(`${q} ${percentile(mine, 50).toFixed(0)}/${percentile(mine, 95).toFixed(0)}`);
    }
    times.sort((a, b) => a - b);
    byKind[kind] = { p50: percentile(times, 50), p95: percentile(times, 95) };
    console.log(
      `  ${kind.padEnd(7)} p50 ${byKind[kind].p50.toFixed(1).padStart(6)} ms  p95 ${byKind[kind].p95.toFixed(1).padStart(6)} ms` +
        `  (${times.length} requests; per query p50/p95 ms: ${perQuery.join(" · ")})`,
    );
  }
  return byKind;
}

/** Share of messages matching each query, counted once, so the figures say what "common" means. */
async function printFrequencies(sql: postgres.Sql, total: number) {
  const shares: string[] = [];
  for (const q of Object.values(QUERIES).flat()) {
    const [row] = await sql`select count(*)::int as n from message_search
      where search @@ websearch_to_tsquery('english', translate(${q}, '_./\\', '    '))`;
    shares.push(`${q} ${((100 * Number(row.n)) / total).toFixed(2)}%`);
  }
  console.log(`messages matching: ${shares.join(" · ")}`);
}

export async function runSearchBenchmark({
  rollouts = 500,
  perRollout = 2_000,
  rounds = 10,
  port = 3392,
}: {
  rollouts?: number;
  perRollout?: number;
  rounds?: number;
  port?: number;
} = {}) {
  const total = rollouts * perRollout;
  console.log(
    `\n## Search: full text over ${total.toLocaleString("en-US")} messages (${rollouts} rollouts × ${perRollout}) through the API`,
  );
  const database = await createTestDatabase(
    process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL,
    "studio_bench_search",
  );
  const connection = connectDatabase({ url: database.url });
  await migrateDatabase(connection);
  await connection.close();
  runStudioCli(database.url, ["workspace", "create", "--slug", "bench", "--name", "Bench"]);
  const key = runStudioCli(database.url, [
    "api-key",
    "create",
    "--workspace",
    "bench",
    "--role",
    "reviewer",
    "--name",
    "bench",
  ]);
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  const seeded = performance.now();
  await insertRealisticSearchCorpus(sql, { ...(await insertRun(sql, "bench")), rollouts, perRollout });
  console.log(
    `seeded ${total.toLocaleString("en-US")} messages in ${((performance.now() - seeded) / 1000).toFixed(0)} s`,
  );
  // The search indexer's work, through the CLI as a user would run it after a big import.
  const indexing = performance.now();
  runStudioCli(database.url, ["index", "--quiet"]);
  const indexSeconds = (performance.now() - indexing) / 1000;
  console.log(
    `indexed for search in ${indexSeconds.toFixed(0)} s (${Math.round(total / indexSeconds).toLocaleString("en-US")} messages/s)`,
  );
  await printFrequencies(sql, total);
  const server = await startStudioServer({ databaseUrl: database.url, port });
  try {
    const ask: Ask = async (q) => {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/v1/rollouts?${new URLSearchParams({ q })}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = (await response.json()) as { items?: unknown[] };
      if (!response.ok) throw new Error(`search "${q}" failed: ${response.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, hits: body.items?.length ?? 0 };
    };
    console.log("without table statistics (nothing has run ANALYZE):");
    const cold = await measure(ask, rounds);
    await sql`analyze`;
    console.log("after ANALYZE:");
    const analyzed = await measure(ask, rounds);
    return { cold, analyzed, indexSeconds };
  } finally {
    await sql.end();
    await server.stop();
    await database.drop();
  }
}
