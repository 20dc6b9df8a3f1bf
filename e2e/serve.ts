// Serves the built app for Playwright on a fresh `_test` Postgres database, dropped on exit.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { connectDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";
import { E2E_DATABASE_FILE } from "./database-file";

const port = process.argv[2] ?? "3210";
const database = await createTestDatabase(
  process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER_URL,
  "studio_e2e",
);
const connection = connectDatabase({ url: database.url });
await migrateDatabase(connection);
await connection.close();
fs.writeFileSync(E2E_DATABASE_FILE, database.url);

// The same server as `npm start` (scripts/next-server.ts): the socket address reaches the app.
const server = spawn(process.execPath, ["--import", "tsx", "scripts/next-server.ts", "127.0.0.1", port], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATABASE_URL: database.url,
    NEXT_TELEMETRY_DISABLED: "1",
    LOGIN_MAX_ATTEMPTS: "1000",
    API_CHECK_RESPONSES: "1",
  },
});

let isStopping = false;
async function stop(code: number) {
  if (isStopping) return;
  isStopping = true;
  server.kill("SIGTERM");
  await database.drop().catch((error) => console.error("could not drop the e2e database", error));
  fs.rmSync(E2E_DATABASE_FILE, { force: true });
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
server.on("exit", (code) => void stop(code ?? 0));
