import type { TestProject } from "vitest/node";
import { connectDatabase } from "../client";
import { migrateDatabase } from "../migrate";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL, isServerReachable } from "./test-database";

// Database tests against a real Postgres server: a fresh `_test` database per run, dropped after.
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL;
  if (!(await isServerReachable(serverUrl))) {
    throw new Error(
      `No Postgres at ${serverUrl}. Start one (or set TEST_DATABASE_URL); the database tests need a real server.`,
    );
  }
  const database = await createTestDatabase(serverUrl, "studio_db");
  const connection = connectDatabase({ url: database.url });
  await migrateDatabase(connection);
  await connection.close();
  project.provide("databaseUrl", database.url);
  return () => database.drop();
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    dataDir: string;
  }
}
