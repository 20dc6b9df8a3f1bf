import postgres from "postgres";
import { connectDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";
import { runStudioCli, startStudioServer } from "./studio-server";
import { insertRun, insertSearchCorpus } from "./synthetic-transcripts";

// Issue #3 search benchmark: full-text queries over 1,000,000 messages through GET /api/v1/rollouts
// (filter, keyset page of 50, highlighted snippets). Target: p95 ≤ 100 ms.

const QUERIES = [
  "error",
  "timeout",
  "permission denied",
  '"permission denied"',
  "grader answer key",
  "kubernetes -staging",
  "zebracorn",
  "refund currency",
  "latency cache",
  "migration database",
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function runSearchBenchmark({
  rollouts = 20_000,
  perRollout = 50,
  rounds = 20,
  port = 3392,
}: {
  rollouts?: number;
  perRollout?: number;
  rounds?: number;
  port?: number;
} = {}) {
  const total = rollouts * perRollout;
  console.log(`\n## Search: full text over ${total.toLocaleString("en-US")} messages through the API`);
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
  await insertSearchCorpus(sql, { ...(await insertRun(sql, "bench")), rollouts, perRollout });
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
  await sql`vacuum analyze message_search`;
  await sql.end();
  const server = await startStudioServer({ databaseUrl: database.url, port });
  try {
    const ask = async (q: string) => {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/v1/rollouts?${new URLSearchParams({ q })}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = (await response.json()) as { items?: unknown[] };
      if (!response.ok) throw new Error(`search "${q}" failed: ${response.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, hits: body.items?.length ?? 0 };
    };
    for (const q of QUERIES) await ask(q); // warm-up: JIT, connection pool, page cache
    const times: number[] = [];
    const perQuery = new Map<string, number[]>();
    for (let round = 0; round < rounds; round += 1) {
      for (const q of QUERIES) {
        const { ms } = await ask(q);
        times.push(ms);
        perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
      }
    }
    times.sort((a, b) => a - b);
    for (const [q, list] of perQuery) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `  ${q.padEnd(24)} p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms  (${(await ask(q)).hits} on page 1)`,
      );
    }
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    console.log(
      `all ${times.length} queries: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target p95 ≤ 100)`,
    );
    return { p50, p95 };
  } finally {
    await server.stop();
    await database.drop();
  }
}
