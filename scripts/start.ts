// `npm start`: build if the sources changed, open the database (embedded unless DATABASE_URL is set),
// migrate, seed the demo on first start, then serve Next. In embedded mode this process owns the
// database and the Next server connects to it like any other client.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { closeDatabase, getDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { DEMO_PASSWORD, DEMO_USERS } from "@/lib/demo/demo-accounts";
import { seedDemo } from "@/lib/demo/seed-demo";
import { env, resolveDataDir } from "@/lib/env";
import { BUILD_STAMP_FILE, computeBuildStamp } from "./build-stamp";

const root = process.cwd();
const nextBin = path.join(root, "node_modules", ".bin", "next");
const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function buildIfNeeded(): void {
  const stamp = computeBuildStamp(root);
  const previous = fs.existsSync(BUILD_STAMP_FILE) ? fs.readFileSync(BUILD_STAMP_FILE, "utf8") : "";
  if (previous === stamp && fs.existsSync(path.join(".next", "BUILD_ID"))) {
    console.log("Build is up to date.");
    return;
  }
  console.log("Building the studio (first start or sources changed)…");
  const result = spawnSync(nextBin, ["build"], { stdio: "inherit", env: childEnv });
  if (result.status !== 0) {
    console.error("The build failed; see the output above.");
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(BUILD_STAMP_FILE, stamp);
}

async function main(): Promise<void> {
  buildIfNeeded();
  const database = getDatabase();
  console.log(
    database.mode === "embedded"
      ? `Database: embedded Postgres (PGlite) in ${resolveDataDir()}`
      : "Database: Postgres from DATABASE_URL",
  );
  await migrateDatabase(database);
  if (!env.NO_DEMO && (await seedDemo())) console.log("Seeded the demo workspace.");

  const server = spawn(nextBin, ["start", "-H", env.HOST, "-p", String(env.PORT)], {
    stdio: ["ignore", "inherit", "inherit"],
    env: childEnv,
  });
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`;
  console.log(`\nEnvironment Studio is listening on ${url}`);
  console.log(`Sign in to the demo with any of these accounts (password "${DEMO_PASSWORD}"):`);
  for (const user of DEMO_USERS) console.log(`  ${user.role.padEnd(9)} ${user.email}`);

  const stop = () => server.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  server.on("exit", async (code) => {
    await closeDatabase();
    process.exit(code ?? 0);
  });
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error);
  await closeDatabase();
  process.exit(1);
});
