import { spawnSync } from "node:child_process";
import postgres from "postgres";
import { connectDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";
import { seedReportBenchmarkData } from "./report-seed";

// Issue #6 report benchmark: 10,000 tasks × 16 rollouts (two models) seeded with generate_series into
// a fresh `_test` Postgres database, then each report query, the whole report and the API's work
// (report + JSON body) timed in a child process. Goal: the report answers within 1 s.

function computePercentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function runReportBenchmark({
  tasks = 10_000,
  rolloutsPerTask = 16,
  runs = 15,
}: {
  tasks?: number;
  rolloutsPerTask?: number;
  runs?: number;
} = {}): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL;
  console.log(
    `\n## Environment report: ${tasks.toLocaleString()} tasks × ${rolloutsPerTask} rollouts on real Postgres`,
  );
  const database = await createTestDatabase(serverUrl, "studio_bench_report");
  try {
    const connection = connectDatabase({ url: database.url });
    await migrateDatabase(connection);
    await connection.close();
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    const seedStarted = performance.now();
    const data = await seedReportBenchmarkData(sql, { tasks, rolloutsPerTask }).finally(() => sql.end());
    console.log(
      `seeded ${data.rollouts.toLocaleString()} rollouts in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const child = spawnSync(
      process.execPath,
      [
        "--conditions=react-server",
        "--import",
        "tsx",
        "bench/report-timing.ts",
        data.workspaceId,
        data.slug,
        String(runs),
      ],
      {
        env: { ...process.env, DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: "1" },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (child.status !== 0) throw new Error(`report timing failed: ${child.stderr}`);
    const { results, bytes } = JSON.parse(child.stdout.trim().split("\n").pop() ?? "{}") as {
      results: Record<string, number[]>;
      bytes: number;
    };
    for (const [name, times] of Object.entries(results)) {
      console.log(
        `${name.padEnd(40)} p50 ${computePercentile(times, 50).toFixed(0).padStart(5)} ms   p95 ${computePercentile(times, 95).toFixed(0).padStart(5)} ms`,
      );
    }
    const api = results["API equivalent (report + JSON body)"] ?? [];
    const p95 = computePercentile(api, 95);
    console.log(
      `JSON body ${(bytes / 1024 / 1024).toFixed(1)} MB; API p95 ${p95.toFixed(0)} ms ${p95 <= 1000 ? "(within 1 s)" : "(OVER 1 s)"}`,
    );
  } finally {
    await database.drop();
  }
}
