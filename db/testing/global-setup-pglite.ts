import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connectDatabase } from "../client";
import { migrateDatabase } from "../migrate";

// Database tests against the embedded database: a fresh data folder per run. This process owns it
// while the tests run, and the test workers reach it through the embedded server like any client.
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-pglite-test-"));
  const connection = connectDatabase({ dataDir });
  await migrateDatabase(connection);
  project.provide("dataDir", dataDir);
  return async () => {
    await connection.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
