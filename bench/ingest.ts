import { connectDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";
import { percentile } from "./percentile";
import {
  createPostgresCpuMeter,
  createProcessTreeCpuMeter,
  loadAverage,
  readTreeRssMb,
} from "./process-usage";
import { runStudioCli, startStudioServer } from "./studio-server";

// `npm run bench -- ingest`: live-run ingestion through the production server into a real Postgres.
// CLIENTS concurrent clients append ROLLOUTS rollouts (~14 messages, 6 tool calls each) in batches of
// BATCH, as trainers would. Prints rollouts/s, batch latency (p50/p99), how long an appended batch
// takes to show in the Rollouts list and to be found by a search (append answered → listed, →
// searchable), 429s, the server's memory at each quarter of the rollouts (flat: it doesn't grow with
// them), the CPU the server and the database's Postgres backends spent per 1,000 rollouts, and the
// machine's load average (the machine is shared: read every wall-clock figure next to it).
// `npm run bench -- ingest --rollouts=40000` appends more (does memory still plateau?).

const ROLLOUTS = 20_000;
const CLIENTS = 4;
const BATCH = 250;
const TOOLS = ["bash", "read_file", "edit_file", "search", "run_tests"];

const fillers = new Map<string, string>();

/**
 * Prose of `length` characters or a little more. Its words depend on `seed` only through seed % 10,
 * so each text is built once: building them per item took the bench's clients as much CPU as the
 * server spent storing the rollouts, on the machine they share.
 */
function filler(seed: number, length: number): string {
  const words = [
    "error",
    "file",
    "test",
    "value",
    "return",
    "function",
    "passed",
    "line",
    "module",
    "config",
  ];
  const cacheKey = `${seed % words.length} ${length}`;
  const cached = fillers.get(cacheKey);
  if (cached !== undefined) return cached;
  let text = "";
  for (let i = 0; text.length < length; i++) text += `${words[(seed * 7 + i * 13) % words.length]} `;
  fillers.set(cacheKey, text);
  return text;
}

function makeItem(index: number, step: number) {
  const messages: Record<string, unknown>[] = [
    { role: "system", content: "You are a coding agent working in a repository. Use the tools." },
    // `mark<step>` is a word only this step's rollouts hold: the bench searches for it.
    { role: "user", content: `Task ${index % 50} mark${step}: ${filler(index, 300)}` },
  ];
  for (let call = 0; call < 6; call++) {
    const id = `c${call}`;
    messages.push({
      role: "assistant",
      content: call === 0 ? filler(index + call, 200) : null,
      tool_calls: [
        {
          id,
          type: "function",
          function: {
            name: TOOLS[(index + call) % TOOLS.length],
            arguments: JSON.stringify({ arg: filler(call, 60) }),
          },
        },
      ],
    });
    messages.push({ role: "tool", tool_call_id: id, content: filler(index * 3 + call, 800) });
  }
  return {
    key: `r${index}`,
    step,
    task: `task-${index % 50}`,
    model: "bench-policy",
    reward: (index % 10) / 10,
    messages,
  };
}

/** Sleeps between polls, so waiting for a batch to show doesn't load the server it measures. */
const POLL_MS = 100;
const WAIT_LIMIT_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `--rollouts=N`, `--clients=N`, `--batch=N`, `--port=N` (or `--port N`) of `npm run bench -- ingest`. */
export function parseIngestOptions(args: string[]) {
  const read = (name: string) => {
    // `--name=N` or `--name N` (bench/run.ts passes the value after a VALUED option along).
    const at = args.indexOf(`--${name}`);
    const arg = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
    if (arg === undefined) return undefined;
    const value = Number(arg);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive whole number`);
    return value;
  };
  return { rollouts: read("rollouts"), clients: read("clients"), batch: read("batch"), port: read("port") };
}

const perThousand = (seconds: number, rollouts: number) => Number(((seconds * 1000) / rollouts).toFixed(2));

export async function runIngestBenchmark({
  rollouts = ROLLOUTS,
  clients = CLIENTS,
  batch = BATCH,
  port = 3540,
}: {
  rollouts?: number;
  clients?: number;
  batch?: number;
  port?: number;
} = {}) {
  console.log(
    `\n## Live-run ingestion: ${rollouts.toLocaleString("en-US")} rollouts (14 messages, 6 tool calls each), ${clients} clients, batches of ${batch}, through the API into Postgres`,
  );
  const database = await createTestDatabase(
    process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL,
    "studio_bench_ingest",
  );
  const connection = connectDatabase({ url: database.url });
  await migrateDatabase(connection);
  await connection.close();
  runStudioCli(database.url, ["workspace", "create", "--slug", "bench", "--name", "Bench"]);
  const key = runStudioCli(database.url, ["api-key", "create", "--workspace", "bench", "--role", "author"]);
  const server = await startStudioServer({ databaseUrl: database.url, port });
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const memory: number[] = [];
  const sampler = setInterval(() => {
    const rss = readTreeRssMb(server.pid);
    if (rss !== null) memory.push(rss);
  }, 500);
  const serverCpu = server.pid ? createProcessTreeCpuMeter(server.pid) : null;
  const postgresCpu = createPostgresCpuMeter(new URL(database.url).pathname.slice(1));
  try {
    const createRun = async (name: string) => {
      const created = await fetch(`${server.baseUrl}/api/v1/runs`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name, metadata: { trainer: "bench" } }),
      });
      return ((await created.json()) as { id: string }).id;
    };
    // A running studio has its routes loaded: one small batch into a run of its own first, so the
    // first timed batches don't pay for loading the route's code (with 80 batches, p99 is the slowest).
    const warmUpRun = await createRun("warm-up");
    for (const path of [`runs/${warmUpRun}/rollouts`, `rollouts?run=${warmUpRun}&limit=1`]) {
      const warm = await fetch(`${server.baseUrl}/api/v1/${path}`, {
        method: path.startsWith("runs/") ? "POST" : "GET",
        headers,
        body: path.startsWith("runs/") ? JSON.stringify({ items: [makeItem(-1, 0)] }) : undefined,
      });
      if (!warm.ok) throw new Error(`warm-up ${path}: ${warm.status} ${await warm.text()}`);
    }
    const runId = await createRun("bench");
    const batches = Math.ceil(rollouts / batch);
    const latencies: number[] = [];
    const listedAfter: number[] = [];
    const listedAfterAnswer: number[] = [];
    const searchableAfterAnswer: number[] = [];
    const searches: Promise<void>[] = [];
    let notSearchable = 0;
    const isIndexing = process.env.WORKERS !== "0";
    const loadAtStart = loadAverage();
    /**
     * Polls the Rollouts list (`query` added) until one rollout of the step shows; ms since `from`,
     * or null after WAIT_LIMIT_MS (with WORKERS=0 and no `studio worker`, nothing becomes searchable).
     */
    const waitUntilListed = async (step: number, query: string, from: number): Promise<number | null> => {
      while (performance.now() - from < WAIT_LIMIT_MS) {
        const list = await fetch(
          `${server.baseUrl}/api/v1/rollouts?run=${runId}&step=${step}&limit=1${query}`,
          {
            headers,
          },
        );
        const page = (await list.json()) as { items?: unknown[] };
        if (!list.ok) throw new Error(`list of step ${step}: ${list.status} ${JSON.stringify(page)}`);
        if (page.items && page.items.length > 0) return performance.now() - from;
        await sleep(POLL_MS);
      }
      return null;
    };
    let rateLimited = 0;
    let resent = 0;
    let stored = 0;
    let next = 0;
    let answeredBatches = 0;
    /** Server RSS (MB) when a quarter, half, three quarters and all of the batches were answered. */
    const rssAtQuarter: number[] = [];
    const cpuAtStart = { server: serverCpu?.read() ?? 0, postgres: postgresCpu.read() };
    const clientCpuAtStart = process.cpuUsage();
    const started = performance.now();
    const client = async () => {
      for (;;) {
        const b = next++;
        if (b >= batches) return;
        // Each batch is its own step, so the list can be asked for exactly that batch.
        const items = Array.from({ length: Math.min(batch, rollouts - b * batch) }, (_, i) =>
          makeItem(b * batch + i, b),
        );
        const body = JSON.stringify({ items });
        const sent = performance.now();
        for (let attempt = 1; ; attempt++) {
          // A connection the server closed as it was reused (keep-alive) fails the send: send the batch
          // again with the same keys, as the Python client does. What landed answers `duplicate`.
          const response = await fetch(`${server.baseUrl}/api/v1/runs/${runId}/rollouts`, {
            method: "POST",
            headers,
            body,
          }).catch((error: unknown) => {
            if (attempt >= 5) throw error;
            return null;
          });
          if (response === null) {
            resent++;
            continue;
          }
          if (response.status === 429) {
            rateLimited++;
            await response.arrayBuffer();
            await new Promise((r) => setTimeout(r, Number(response.headers.get("retry-after") ?? 1) * 1000));
            continue;
          }
          const answer = (await response.json()) as { results?: { status: string }[] };
          if (!response.ok) throw new Error(`batch ${b}: ${response.status} ${JSON.stringify(answer)}`);
          stored +=
            answer.results?.filter((r) => r.status === "created" || r.status === "duplicate").length ?? 0;
          break;
        }
        const answered = performance.now();
        latencies.push(answered - sent);
        answeredBatches++;
        if (answeredBatches >= ((rssAtQuarter.length + 1) * batches) / 4)
          rssAtQuarter.push(Math.round(readTreeRssMb(server.pid) ?? 0));
        if (b % 10 === 0) {
          const listed = await waitUntilListed(b, "", answered);
          if (listed === null) throw new Error(`batch ${b} was answered but not listed`);
          listedAfterAnswer.push(listed);
          listedAfter.push(listed + (answered - sent));
          // Searchable comes later (a background job indexes): waited for aside, not holding this client.
          // With WORKERS=0 (the appends' own cost, e.g. to profile them) nothing indexes: not waited for.
          if (!isIndexing) continue;
          searches.push(
            waitUntilListed(b, `&q=mark${b}`, answered).then((ms) => {
              if (ms === null) notSearchable++;
              else searchableAfterAnswer.push(ms);
            }),
          );
        }
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    const seconds = (performance.now() - started) / 1000;
    const loadAtEnd = loadAverage();
    const cpuAtEnd = { server: serverCpu?.read() ?? 0, postgres: postgresCpu.read() };
    const clientCpu = process.cpuUsage(clientCpuAtStart);
    await Promise.all(searches);
    const rssAfterSearch = readTreeRssMb(server.pid);
    const cpuAfterSearch = { server: serverCpu?.read() ?? 0, postgres: postgresCpu.read() };
    const figures = {
      rollouts: stored,
      seconds: Number(seconds.toFixed(1)),
      rolloutsPerSecond: Math.round(stored / seconds),
      messagesPerSecond: Math.round((stored * 14) / seconds),
      batchLatencyP50Ms: Math.round(percentile(latencies, 50)),
      batchLatencyP99Ms: Math.round(percentile(latencies, 99)),
      listedP50Ms: Math.round(percentile(listedAfterAnswer, 50)),
      listedP95Ms: Math.round(percentile(listedAfterAnswer, 95)),
      listedMaxMs: Math.round(Math.max(...listedAfterAnswer)),
      sentToListedMaxMs: Math.round(Math.max(...listedAfter)),
      searchableP50Ms: Math.round(percentile(searchableAfterAnswer, 50)),
      searchableP95Ms: Math.round(percentile(searchableAfterAnswer, 95)),
      searchableMaxMs: Math.round(Math.max(...searchableAfterAnswer)),
      notSearchable,
      rateLimited,
      resent,
      cpuSecondsPer1000Rollouts: {
        server: perThousand(cpuAtEnd.server - cpuAtStart.server, stored),
        postgres: perThousand(cpuAtEnd.postgres - cpuAtStart.postgres, stored),
        benchClients: perThousand((clientCpu.user + clientCpu.system) / 1e6, stored),
        serverUntilSearchable: perThousand(cpuAfterSearch.server - cpuAtStart.server, stored),
        postgresUntilSearchable: perThousand(cpuAfterSearch.postgres - cpuAtStart.postgres, stored),
      },
      serverRssMb: {
        atQuarters: rssAtQuarter,
        start: Math.round(memory[0] ?? 0),
        peak: Math.round(Math.max(...memory)),
        end: Math.round(memory.at(-1) ?? 0),
        afterSearchable: Math.round(rssAfterSearch ?? 0),
      },
      loadAverage: { start: loadAtStart, end: loadAtEnd },
    };
    console.log(
      `stored ${stored.toLocaleString("en-US")} rollouts in ${figures.seconds} s: ${figures.rolloutsPerSecond} rollouts/s (${figures.messagesPerSecond} messages/s; goal ≥ 1,000 rollouts/s)`,
    );
    console.log(
      `batch latency p50 ${figures.batchLatencyP50Ms} ms, p99 ${figures.batchLatencyP99Ms} ms (goal ≤ 1,000 ms); 429 answers: ${rateLimited}; batches sent again after a connection error: ${resent}`,
    );
    console.log(
      `append answered → listed: p50 ${figures.listedP50Ms} ms, p95 ${figures.listedP95Ms} ms, max ${figures.listedMaxMs} ms (goal ≤ 2,000 ms; sent → listed max ${figures.sentToListedMaxMs} ms)`,
    );
    console.log(
      `append answered → searchable: p50 ${figures.searchableP50Ms} ms, p95 ${figures.searchableP95Ms} ms, max ${figures.searchableMaxMs} ms (every 10th batch; polled every ${POLL_MS} ms; not searchable within ${WAIT_LIMIT_MS / 1000} s: ${notSearchable})`,
    );
    const cpu = figures.cpuSecondsPer1000Rollouts;
    console.log(
      `CPU per 1,000 rollouts appended: server ${cpu.server} s, Postgres backends ${cpu.postgres} s (appends and the background jobs meanwhile), this bench's clients ${cpu.benchClients} s; counting until the sampled batches were searchable: server ${cpu.serverUntilSearchable} s, Postgres ${cpu.postgresUntilSearchable} s`,
    );
    console.log(
      `server memory (RSS): start ${figures.serverRssMb.start} MB; after each quarter of the rollouts ${figures.serverRssMb.atQuarters.join(" → ")} MB; peak ${figures.serverRssMb.peak} MB, end of appends ${figures.serverRssMb.end} MB, once searchable ${figures.serverRssMb.afterSearchable} MB`,
    );
    console.log(
      `load average (1, 5, 15 min): start ${figures.loadAverage.start}, end ${figures.loadAverage.end}`,
    );
    if (stored !== rollouts) throw new Error(`expected ${rollouts} rollouts stored, got ${stored}`);
    return figures;
  } finally {
    clearInterval(sampler);
    serverCpu?.stop();
    postgresCpu.stop();
    await server.stop();
    await database.drop();
  }
}
