import { inject } from "vitest";

// Runs in each test worker before the test file loads lib/env, pointing it at this run's database.
const databaseUrl = inject("databaseUrl");
const dataDir = inject("dataDir");
if (databaseUrl) {
  process.env.DATABASE_URL = databaseUrl;
} else if (dataDir) {
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = dataDir;
}
