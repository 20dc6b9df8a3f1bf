// `npm run db:reset`: drops everything, migrates and seeds the demo. Refuses a database that is not
// local or not a test database, and an embedded data folder that a running studio holds open.
import fs from "node:fs";
import net from "node:net";
import postgres from "postgres";
import { closeDatabase, getDatabase } from "@/db/client";
import { portForDataDir } from "@/db/embedded/embedded-database";
import { migrateDatabase } from "@/db/migrate";
import { seedDemo } from "@/lib/demo/seed-demo";
import { env, resolveDataDir } from "@/lib/env";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

function isPortInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function resetServerDatabase(url: string): Promise<void> {
  const parsed = new URL(url);
  if (!LOCAL_HOSTS.has(parsed.hostname) && !parsed.pathname.endsWith("_test")) {
    throw new Error(
      `Refusing to reset ${parsed.hostname}${parsed.pathname}: only local or *_test databases.`,
    );
  }
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`drop schema if exists drizzle cascade`;
    await sql`drop schema public cascade`;
    await sql`create schema public`;
  } finally {
    await sql.end();
  }
}

async function resetEmbeddedDatabase(dataDir: string): Promise<void> {
  if (await isPortInUse(portForDataDir(dataDir, env.EMBEDDED_DB_PORT))) {
    throw new Error(
      `A studio process has ${dataDir} open. Stop it (npm start, npx studio …) and run this again.`,
    );
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

try {
  if (env.DATABASE_URL) await resetServerDatabase(env.DATABASE_URL);
  else await resetEmbeddedDatabase(resolveDataDir());
  await migrateDatabase(getDatabase());
  await seedDemo();
  console.log("The database was reset and the demo seeded.");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
