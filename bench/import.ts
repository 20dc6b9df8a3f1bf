import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";
import { writeOpenAiJsonl } from "./generate-openai";
import { runStudioCli } from "./studio-server";

// Issue #3 import benchmark: our CLI import into real Postgres against a raw COPY of the same
// file into a one-column jsonb table, at two sizes to show memory stays flat as the file grows.

const MB = 1024 * 1024;

async function copyIntoJsonb(url: string, file: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`create table raw_import (doc jsonb)`;
    const started = performance.now();
    // CSV with control-character quote and delimiter: each line arrives untouched as one value.
    const writable =
      await sql`copy raw_import (doc) from stdin with (format csv, quote e'\x01', delimiter e'\x02')`.writable();
    await new Promise<void>((resolve, reject) => {
      fs.createReadStream(file).pipe(writable).on("finish", resolve).on("error", reject);
    });
    return (performance.now() - started) / 1000;
  } finally {
    await sql.end();
  }
}

function runCliImport(url: string, file: string): { seconds: number; peakRss: number; summary: string } {
  const rssFile = path.join(os.tmpdir(), `bench-rss-${process.pid}`);
  const env = { ...process.env, DATABASE_URL: url, BENCH_RSS_FILE: rssFile, NEXT_TELEMETRY_DISABLED: "1" };
  const cli = [
    "--conditions=react-server",
    "--import",
    "tsx",
    "--import",
    "./bench/report-rss.mjs",
    "lib/cli/main.ts",
  ];
  spawnSync(process.execPath, [...cli, "workspace", "create", "--slug", "bench", "--name", "Bench"], { env });
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [...cli, "import", file, "--workspace", "bench", "--format", "openai", "--quiet"],
    {
      env,
      encoding: "utf8",
      maxBuffer: 64 * MB,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`import failed: ${result.stderr}`);
  return {
    seconds,
    peakRss: Number(fs.readFileSync(rssFile, "utf8")),
    summary: result.stdout.trim().split("\n").pop() ?? "",
  };
}

export async function runImportBenchmark({
  sizes = [5_000, 20_000],
}: {
  sizes?: number[];
} = {}): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL;
  console.log("\n## Import: OpenAI JSONL → real Postgres, against a raw COPY into one jsonb column");
  for (const count of sizes) {
    const file = path.join(os.tmpdir(), `bench-openai-${count}.jsonl`);
    const bytes = await writeOpenAiJsonl(file, count);
    const copyDb = await createTestDatabase(serverUrl, "studio_bench_copy");
    const ourDb = await createTestDatabase(serverUrl, "studio_bench_import");
    try {
      const copySeconds = await copyIntoJsonb(copyDb.url, file);
      const ours = runCliImport(ourDb.url, file);
      const copyRate = bytes / MB / copySeconds;
      const ourRate = bytes / MB / ours.seconds;
      console.log(
        `${count.toLocaleString()} rollouts, ${(bytes / MB).toFixed(0)} MB: ` +
          `COPY ${copySeconds.toFixed(1)} s (${copyRate.toFixed(1)} MB/s) · ` +
          `studio import ${ours.seconds.toFixed(1)} s (${ourRate.toFixed(1)} MB/s, ${(count / ours.seconds).toFixed(0)} rollouts/s) · ` +
          `ratio ${(ourRate / copyRate).toFixed(2)} · peak RSS ${(ours.peakRss / MB).toFixed(0)} MB`,
      );
      console.log(`  summary: ${ours.summary.slice(0, 120)}`);
      // Search indexing follows the import (the studio server does it in the background); timed apart.
      const indexing = performance.now();
      runStudioCli(ourDb.url, ["index", "--quiet"]);
      const indexSeconds = (performance.now() - indexing) / 1000;
      console.log(
        `  then search-indexed in ${indexSeconds.toFixed(1)} s (${(count / indexSeconds).toFixed(0)} rollouts/s); ` +
          `import + index ${(ours.seconds + indexSeconds).toFixed(1)} s`,
      );
    } finally {
      await copyDb.drop();
      await ourDb.drop();
      fs.rmSync(file, { force: true });
    }
  }
}
