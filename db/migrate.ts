import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import type { DatabaseConnection } from "./client";

const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Applies pending migrations; one history for Postgres and PGlite. */
export async function migrateDatabase(connection: DatabaseConnection): Promise<void> {
  await migrate(connection.db, { migrationsFolder: MIGRATIONS_FOLDER });
}
