// `npm start`: build if the sources changed, open the database (embedded unless DATABASE_URL is set),
// migrate, seed the demo on first start, then serve Next. In embedded mode this process owns the
// database and the Next server connects to it like any other client.
import { spawn } from "node:child_process";
import { closeDatabase, getDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { DEMO_PASSWORD, DEMO_USERS } from "@/lib/demo/demo-accounts";
import { seedDemo } from "@/lib/demo/seed-demo";
import { env, resolveDataDir } from "@/lib/env";
import { buildStudio, isBuildCurrent } from "./build";
import { describeBusyPort } from "./port-check";

/** Refuses a busy port before building and migrating, in one line that says what to do. */
async function checkPortFree(host: string, port: number): Promise<void> {
  const problem = await describeBusyPort(host, port);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}

async function buildIfNeeded(): Promise<void> {
  if (isBuildCurrent()) {
    console.log("Build is up to date.");
    return;
  }
  console.log("Building the studio (first start or sources changed)…");
  if (!(await buildStudio())) {
    console.error("The build failed; see the output above.");
    process.exit(1);
  }
}

function printBanner(): void {
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`;
  console.log(`\nEnvironment Studio is listening on ${url}`);
  console.log(`Sign in to the demo with any of these accounts (password "${DEMO_PASSWORD}"):`);
  for (const user of DEMO_USERS) console.log(`  ${user.role.padEnd(9)} ${user.email}`);
}

async function main(): Promise<void> {
  await checkPortFree(env.HOST, env.PORT);
  await buildIfNeeded();
  const database = getDatabase();
  console.log(
    database.mode === "embedded"
      ? `Database: embedded Postgres (PGlite) in ${resolveDataDir()}`
      : "Database: Postgres from DATABASE_URL",
  );
  await migrateDatabase(database);
  if (!env.NO_DEMO && (await seedDemo())) console.log("Seeded the demo workspace.");

  // scripts/next-server.ts serves the build (see there why not plain `next start`); the banner
  // comes once it really listens.
  const server = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/next-server.ts", env.HOST, String(env.PORT)],
    { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } },
  );
  let isReady = false;
  server.stdout.on("data", (chunk: Buffer) => {
    if (!isReady && chunk.toString().includes("ready on")) {
      isReady = true;
      printBanner();
      return;
    }
    process.stdout.write(chunk);
  });

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
