import postgres from "postgres";
import { connectDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";
import { percentile } from "./percentile";
import { createPostgresCpuMeter, createProcessTreeCpuMeter, loadAverage } from "./process-usage";
import { insertRealisticSearchCorpus } from "./search-corpus";
import { runStudioCli, type StudioServer, startStudioServer } from "./studio-server";
import { insertRun } from "./synthetic-transcripts";
import { VOCABULARY } from "./zipf-text";

// Search benchmark: full-text queries over 1,000,000 messages of realistic text (Zipf-like words,
// long tool outputs; bench/zipf-text.ts) through GET /api/v1/rollouts (filter, keyset page of 50,
// highlighted snippets), by kind of query: common words (in a tenth to most of all messages), rare
// words, and phrases. First with no table statistics (as after a bulk import: PGlite never
// analyzes, nor does a Postgres without autovacuum), then after ANALYZE, then while the server's workers
// scan every rollout. Target: p95 ≤ 100 ms each.

const QUERIES: Record<string, string[]> = {
  common: ["test", "error", "file output", "python tests", "run check"],
  rare: ["zebracorn", VOCABULARY[3000], VOCABULARY[12000], `zebracorn ${VOCABULARY[10]}`],
  phrase: ['"permission denied"', '"most recent call"', '"error file"', '"check the output"'],
};

/** Rounds of every query before each measured phase. */
const WARM_UP_ROUNDS = 3;

type Ask = (q: string) => Promise<{ ms: number; hits: number }>;

/** CPU seconds used so far by the studio server (its process tree) and the database's backends. */
type CpuMeter = () => { server: number; postgres: number };

async function measure(ask: Ask, rounds: number, cpu: CpuMeter) {
  const all = Object.values(QUERIES).flat();
  // Warm-up, its figures shown apart: the connection pool, each backend's first touch of the pages
  // and memory a search uses (db/backend-heap.ts), and the server's JavaScript, which V8 optimizes
  // only after some calls.
  const warmUp: number[] = [];
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) for (const q of all) warmUp.push((await ask(q)).ms);
  console.log(
    `  warm-up ${warmUp.length} requests (every query ${WARM_UP_ROUNDS}×): p50 ${percentile(warmUp, 50).toFixed(1)} ms, p95 ${percentile(warmUp, 95).toFixed(1)} ms, max ${Math.max(...warmUp).toFixed(1)} ms`,
  );
  const byKind: Record<string, { p50: number; p95: number }> = {};
  for (const [kind, queries] of Object.entries(QUERIES)) {
    const times: number[] = [];
    const perQuery: string[] = [];
    const cpuBefore = cpu();
    for (const q of queries) {
      const mine: number[] = [];
      for (let round = 0; round < rounds; round += 1) mine.push((await ask(q)).ms);
      times.push(...mine);
      perQuery.push(`${q} ${percentile(mine, 50).toFixed(0)}/${percentile(mine, 95).toFixed(0)}`);
    }
    const cpuAfter = cpu();
    byKind[kind] = { p50: percentile(times, 50), p95: percentile(times, 95) };
    const perRequest = (seconds: number) => ((1000 * seconds) / times.length).toFixed(0);
    console.log(
      `  ${kind.padEnd(7)} p50 ${byKind[kind].p50.toFixed(1).padStart(6)} ms  p95 ${byKind[kind].p95.toFixed(1).padStart(6)} ms` +
        `  CPU/request: server ${perRequest(cpuAfter.server - cpuBefore.server)} ms, postgres ${perRequest(cpuAfter.postgres - cpuBefore.postgres)} ms` +
        `  (${times.length} requests, load average ${loadAverage()}; per query p50/p95 ms: ${perQuery.join(" · ")})`,
    );
  }
  return byKind;
}

/** Share of messages matching each query, counted once, so the figures say what "common" means. */
/**
 * The same queries while the server's own workers scan every rollout for reward hacks (the heaviest
 * background job after an import): interactive requests should not wait behind its batches
 * (db/foreground.ts). Says how far the scan got, so a phase that outlived the scan is visible.
 */
async function measureDuringScan({
  database,
  server,
  ask,
  rounds,
  cpu,
}: {
  database: string;
  server: StudioServer;
  ask: Ask;
  rounds: number;
  cpu: CpuMeter;
}) {
  const owner = runStudioCli(database, [
    "api-key",
    "create",
    "--workspace",
    "bench",
    "--role",
    "owner",
    "--name",
    "scan",
  ]);
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
    });
    const body = (await response.json()) as {
      id: string;
      status: string;
      done: number;
      total: number | null;
    };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  const job = await call("/api/v1/jobs", { method: "POST", body: JSON.stringify({ kind: "scan" }) });
  for (let i = 0; i < 100 && (await call(`/api/v1/jobs/${job.id}`)).status === "queued"; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
  console.log(`while the server scans every rollout (load average ${loadAverage()}):`);
  const figures = await measure(ask, rounds, cpu);
  const after = await call(`/api/v1/jobs/${job.id}`);
  console.log(
    `  the scan was ${after.status} at the end (${after.done} of ${after.total ?? "?"} rollouts): target p95 ≤ 100 ms while it runs`,
  );
  // Giving way must not starve the scan: once the queries stop it finishes on its own.
  const quietFrom = Date.now();
  let finished = after;
  while (finished.status === "running" || finished.status === "queued") {
    if (Date.now() - quietFrom > 600_000) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
    finished = await call(`/api/v1/jobs/${job.id}`);
  }
  console.log(
    `  then, with no queries, the scan was ${finished.status} ${((Date.now() - quietFrom) / 1000).toFixed(1)} s later (${finished.done} of ${finished.total ?? "?"} rollouts)`,
  );
  return figures;
}

async function printFrequencies(sql: postgres.Sql, total: number) {
  const shares: string[] = [];
  for (const q of Object.values(QUERIES).flat()) {
    const [row] = await sql`select count(*)::int as n from message_search
      where search @@ websearch_to_tsquery('english', translate(${q}, '_./\\', '    '))`;
    shares.push(`${q} ${((100 * Number(row.n)) / total).toFixed(2)}%`);
  }
  console.log(`messages matching: ${shares.join(" · ")}`);
}

/** The seeded database `--keep` keeps between runs (a template: each run measures a fresh copy). */
const KEPT_DATABASE = "studio_bench_search_kept_test";

const withDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Seeds and indexes a database for the benchmark (no ANALYZE): about 5 minutes at 1M messages. */
async function seedSearchDatabase(
  url: string,
  { rollouts, perRollout }: { rollouts: number; perRollout: number },
) {
  const total = rollouts * perRollout;
  const connection = connectDatabase({ url });
  await migrateDatabase(connection);
  await connection.close();
  runStudioCli(url, ["workspace", "create", "--slug", "bench", "--name", "Bench"]);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const seeded = performance.now();
    await insertRealisticSearchCorpus(sql, { ...(await insertRun(sql, "bench")), rollouts, perRollout });
    console.log(
      `seeded ${total.toLocaleString("en-US")} messages in ${((performance.now() - seeded) / 1000).toFixed(0)} s (load average ${loadAverage()})`,
    );
  } finally {
    await sql.end();
  }
  // The search indexer's work, through the CLI as a user would run it after a big import.
  const indexing = performance.now();
  runStudioCli(url, ["index", "--quiet"]);
  const indexSeconds = (performance.now() - indexing) / 1000;
  console.log(
    `indexed for search in ${indexSeconds.toFixed(0)} s (${Math.round(total / indexSeconds).toLocaleString("en-US")} messages/s, load average ${loadAverage()})`,
  );
  return indexSeconds;
}

/**
 * The database a run measures. By default a new one, seeded and dropped afterwards. With `keep`,
 * the seeded database is kept as a template (KEPT_DATABASE, seeded on the first run or with
 * `reseed`) and each run measures a copy of it, so every run starts without table statistics.
 */
async function prepareDatabase(options: {
  rollouts: number;
  perRollout: number;
  keep: boolean;
  reseed: boolean;
}) {
  const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL;
  if (!options.keep) {
    const database = await createTestDatabase(serverUrl, "studio_bench_search");
    const indexSeconds = await seedSearchDatabase(database.url, options);
    return { ...database, indexSeconds };
  }
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const [kept] = await admin`select 1 from pg_database where datname = ${KEPT_DATABASE}`;
    let indexSeconds: number | null = null;
    if (!kept || options.reseed) {
      await admin.unsafe(`drop database if exists "${KEPT_DATABASE}" with (force)`);
      await admin.unsafe(`create database "${KEPT_DATABASE}"`);
      indexSeconds = await seedSearchDatabase(withDatabase(serverUrl, KEPT_DATABASE), options);
    } else {
      console.log(`reusing the seeded database ${KEPT_DATABASE} (--reseed seeds it again)`);
    }
    // One copy per bench process: two runs at once (helpers sharing a machine) don't drop each other's.
    const copy = `${KEPT_DATABASE.replace(/_test$/, "")}_copy_${process.pid}_test`;
    await admin.unsafe(`drop database if exists "${copy}" with (force)`);
    await admin.unsafe(`create database "${copy}" template "${KEPT_DATABASE}" strategy file_copy`);
    return {
      url: withDatabase(serverUrl, copy),
      indexSeconds,
      async drop() {
        const again = postgres(serverUrl, { max: 1, onnotice: () => {} });
        try {
          await again.unsafe(`drop database if exists "${copy}" with (force)`);
        } finally {
          await again.end();
        }
      },
    };
  } finally {
    await admin.end();
  }
}

export async function runSearchBenchmark({
  rollouts = 500,
  perRollout = 2_000,
  rounds = 10,
  port = 3392,
  keep = false,
  reseed = false,
}: {
  rollouts?: number;
  perRollout?: number;
  rounds?: number;
  port?: number;
  /** Keep the seeded database between runs (`npm run bench -- search --keep`). */
  keep?: boolean;
  /** With `keep`: seed it again (after a change to the corpus or the indexer). */
  reseed?: boolean;
} = {}) {
  const total = rollouts * perRollout;
  console.log(
    `\n## Search: full text over ${total.toLocaleString("en-US")} messages (${rollouts} rollouts × ${perRollout}) through the API`,
  );
  const database = await prepareDatabase({ rollouts, perRollout, keep, reseed });
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
  const indexSeconds = database.indexSeconds;
  await printFrequencies(sql, total);
  const server = await startStudioServer({ databaseUrl: database.url, port });
  // The server's process tree, and the backends of the measured database (the server's pool).
  const serverCpu = server.pid ? createProcessTreeCpuMeter(server.pid) : null;
  const postgresCpu = createPostgresCpuMeter(new URL(database.url).pathname.slice(1));
  const cpu: CpuMeter = () => ({ server: serverCpu?.read() ?? 0, postgres: postgresCpu.read() });
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
    console.log(`without table statistics (nothing has run ANALYZE; load average ${loadAverage()}):`);
    const cold = await measure(ask, rounds, cpu);
    await sql`analyze`;
    console.log(`after ANALYZE (load average ${loadAverage()}):`);
    const analyzed = await measure(ask, rounds, cpu);
    const duringScan = await measureDuringScan({ database: database.url, server, ask, rounds, cpu });
    return { cold, analyzed, duringScan, indexSeconds };
  } finally {
    serverCpu?.stop();
    postgresCpu.stop();
    await sql.end();
    await server.stop();
    await database.drop();
  }
}
