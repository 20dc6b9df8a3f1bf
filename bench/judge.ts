import { spawn, spawnSync } from "node:child_process";
import { connectDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";

// Issue #12 judge benchmark: 5,000 rollouts judged against the stand-in provider (100 ms per answer)
// at concurrency 32, on real Postgres, through the judge job's worker pool, once with the shared
// per-provider limiter (workers lease slots in Postgres) and once without. The ideal is
// concurrency ÷ latency requests per second; the goal is ≥ 0.8 of it, with memory flat. Then the
// limiter alone: two worker processes sharing one provider's concurrency, each request a fixed
// sleep, to show what the limiter itself costs and that the two together never exceed the limit.

export async function runJudgeBenchmark({
  rollouts = 5_000,
  latencyMs = 100,
  concurrency = 32,
} = {}): Promise<void> {
  console.log(
    `\n## Judging: ${rollouts.toLocaleString()} rollouts, stand-in latency ${latencyMs} ms, concurrency ${concurrency}`,
  );
  const ideal = concurrency / (latencyMs / 1000);
  for (const useLimiter of [1, 0]) {
    const database = await createTestDatabase(
      process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL,
      "studio_bench_judge",
    );
    try {
      const connection = connectDatabase({ url: database.url });
      await migrateDatabase(connection);
      await connection.close();
      const child = spawnSync(
        process.execPath,
        [
          "--conditions=react-server",
          "--import",
          "tsx",
          "bench/judge-run.ts",
          String(rollouts),
          String(latencyMs),
          String(concurrency),
          String(useLimiter),
        ],
        {
          env: { ...process.env, DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: "1" },
          encoding: "utf8",
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      if (child.status !== 0) throw new Error(`judge benchmark failed: ${child.stderr}`);
      const result = JSON.parse(child.stdout.trim().split("\n").pop() ?? "{}");
      const perSecond = result.requests / result.seconds;
      console.log(
        `${useLimiter ? "with the shared limiter" : "without a limiter    "}: ${result.totals.judged} rollouts, ${result.requests} requests in ${result.seconds.toFixed(1)} s = ${perSecond.toFixed(0)} req/s (ideal ${ideal.toFixed(0)}, ${((perSecond / ideal) * 100).toFixed(0)}% of ideal${perSecond / ideal >= 0.8 ? ", goal met" : ", BELOW the 80% goal"}); ${((result.totals.judged * 2) / result.seconds).toFixed(0)} judgments/s; max in flight ${result.maxInFlight}; failed ${result.totals.failed}; RSS ${result.rssStartMb.toFixed(0)} → peak ${result.rssPeakMb.toFixed(0)} → end ${result.rssEndMb.toFixed(0)} MB`,
      );
    } finally {
      await database.drop();
    }
  }
  await runLimiterAlone({ requests: rollouts, latencyMs, concurrency, ideal });
}

/** Most spans open at once. */
function countMostOverlapping(spans: [number, number][]): number {
  const edges = spans.flatMap(([a, b]) => [
    [a, 1],
    [b, -1],
  ]);
  edges.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let open = 0;
  let most = 0;
  for (const [, step] of edges) {
    open += step;
    most = Math.max(most, open);
  }
  return most;
}

async function runLimiterAlone({
  requests,
  latencyMs,
  concurrency,
  ideal,
}: {
  requests: number;
  latencyMs: number;
  concurrency: number;
  ideal: number;
}) {
  const database = await createTestDatabase(
    process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL,
    "studio_bench_limiter",
  );
  try {
    const connection = connectDatabase({ url: database.url });
    await migrateDatabase(connection);
    await connection.close();
    const startAt = Date.now() + 3_000;
    const runs = [0, 1].map(
      () =>
        new Promise<[number, number][]>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            [
              "--conditions=react-server",
              "--import",
              "tsx",
              "bench/limiter-run.ts",
              String(requests / 2),
              String(latencyMs),
              String(concurrency),
              String(startAt),
              "bench-provider",
            ],
            { env: { ...process.env, DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: "1" } },
          );
          let out = "";
          let err = "";
          child.stdout.on("data", (c) => {
            out += c;
          });
          child.stderr.on("data", (c) => {
            err += c;
          });
          child.on("close", (code) =>
            code === 0
              ? resolve(JSON.parse(out.trim().split("\n").pop() ?? "{}").spans)
              : reject(new Error(`limiter benchmark failed: ${err}`)),
          );
        }),
    );
    const spans = (await Promise.all(runs)).flat();
    const seconds = (Math.max(...spans.map((s) => s[1])) - Math.min(...spans.map((s) => s[0]))) / 1000;
    const perSecond = spans.length / seconds;
    console.log(
      `limiter alone, 2 workers: ${spans.length} requests in ${seconds.toFixed(1)} s = ${perSecond.toFixed(0)} req/s (${((perSecond / ideal) * 100).toFixed(0)}% of ideal${perSecond / ideal >= 0.8 ? ", goal met" : ", BELOW the 80% goal"}); most in flight across both workers ${countMostOverlapping(spans)} (limit ${concurrency})`,
    );
  } finally {
    await database.drop();
  }
}
