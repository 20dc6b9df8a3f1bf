import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { DatabaseConnection } from "@/db/client";
import { E2E_DATABASE_FILE } from "./database-file";

// The demo workspace that `npm start` seeds (lib/demo), seeded into the e2e database by the same
// script as `npm run db:seed`. Specs that walk the demo as its accounts call this first; an advisory
// lock makes parallel workers seed it once (the script leaves an existing demo alone).

const DEMO_SEED_LOCK = 17_001;

/** `andThen` runs under the same lock, for additions to the demo that a spec needs exactly once. */
export async function seedDemoOnce(
  database: DatabaseConnection,
  andThen?: () => Promise<void>,
): Promise<void> {
  const databaseUrl = fs.readFileSync(E2E_DATABASE_FILE, "utf8").trim();
  const session = await database.sql.reserve();
  try {
    await session`select pg_advisory_lock(${DEMO_SEED_LOCK})`;
    const seed = spawnSync(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8", timeout: 240_000 },
    );
    if (seed.status !== 0) throw new Error(`seeding the demo failed:\n${seed.stdout}\n${seed.stderr}`);
    await andThen?.();
  } finally {
    await session`select pg_advisory_unlock(${DEMO_SEED_LOCK})`;
    session.release();
  }
}
