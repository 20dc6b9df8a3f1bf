import { spawnSync } from "node:child_process";
import { connectDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";

// Issue #12 judge benchmark: 5,000 rollouts judged against the stand-in provider (100 ms per answer)
// at concurrency 32, on real Postgres, through the judge job's worker pool, once with the shared
// per-provider limiter (every request takes a permit row in Postgres) and once without. The ideal is
// concurrency ÷ latency requests per second; the goal is ≥ 0.8 of it, with memory flat.

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
}
