import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@/": fileURLToPath(new URL("./", import.meta.url)),
  // `server-only` throws outside Next's server build; lib modules import it.
  "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
};
const exclude = ["node_modules/**", ".next/**", "dist/**", "e2e/**"];
const SLOW = ["**/*.slow.test.ts", "**/*.slow.db.test.ts"];

// Which database tests run where (docs/testing.md). Every `*.db.test.ts` runs on a Postgres server.
// PGlite runs only the tests whose subject is the embedded database's own behaviour: everything under
// db/embedded/ (the multi-process server), plus the files below. Each of them tests a code path that
// branches on the database mode (db/client.ts: `mode`, hasSingleConnection, canCopyFrom) or a twin
// that must agree with the Postgres it runs on (PGlite is Postgres 18, the server 15). A new branch on
// the mode gets its test listed here; the check below refuses a listed file that doesn't exist.
const PGLITE_TEST_FILES = [
  // canCopyFrom(): COPY FROM STDIN on a server, INSERT on PGlite.
  "db/bulk-insert.db.test.ts",
  // runInteractive: statement cancelling and the backend heap only on a server.
  "db/interactive.db.test.ts",
  // hasSingleConnection(): search vectors built in Node on PGlite, by Postgres on a server.
  "lib/search/build-search-rows.db.test.ts",
  "lib/search/stem-cache.db.test.ts",
  "lib/search/index-rollouts.db.test.ts",
  // The tsvector twin against PGlite's own parser (a different Postgres version).
  "lib/search/tsvector/tsvector-twin.db.test.ts",
  // Search plans without table statistics: PGlite never runs ANALYZE on its own.
  "lib/search/search-plans.db.test.ts",
  // The migration's lz4 branch (PGlite is built without lz4) and imports through bulkInsert.
  "lib/imports/run-import.db.test.ts",
  // Three worker processes and a SIGKILL through the embedded server's gate (one PGlite session).
  "lib/jobs/exactly-once.slow.db.test.ts",
] as const;

/** Files of one Postgres project run this many at a time, each worker on its own database. */
const DATABASE_TEST_WORKERS = 2;

// A renamed or deleted file must leave the list too, or the embedded database would silently lose a test.
const missing = PGLITE_TEST_FILES.filter((file) => !fs.existsSync(new URL(file, import.meta.url)));
if (missing.length > 0)
  throw new Error(`vitest.config.ts's PGLITE_TEST_FILES lists files that don't exist: ${missing.join(", ")}`);

// The projects (docs/testing.md):
// - unit: pure tests, no database, no processes: what `npm run check` runs.
// - db-postgres: every `*.db.test.ts` on a Postgres server, two files at a time, each worker on its
//   own database (db/testing/setup-env.ts).
// - db-pglite: the embedded database's own behaviour, on PGlite, one file at a time: db/embedded/ and
//   the files PGLITE_TEST_FILES lists (the code paths that branch on the database mode).
// - slow: `*.slow.test.ts` and `*.slow.db.test.ts`: tests that spawn processes, run Python or the
//   sandbox, or take more than a few seconds. The database ones run on Postgres.
const databaseTestOptions = {
  environment: "node",
  setupFiles: ["./db/testing/setup-env.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: ["**/*.test.ts"],
          exclude: [...exclude, "**/*.db.test.ts", ...SLOW],
        },
      },
      {
        resolve: { alias },
        test: {
          ...databaseTestOptions,
          name: "db-postgres",
          include: ["**/*.db.test.ts"],
          exclude: [...exclude, ...SLOW, "db/embedded/**"],
          globalSetup: ["./db/testing/global-setup-postgres.ts"],
          maxWorkers: DATABASE_TEST_WORKERS,
        },
      },
      {
        resolve: { alias },
        test: {
          ...databaseTestOptions,
          name: "db-pglite",
          include: ["db/embedded/**/*.db.test.ts", ...PGLITE_TEST_FILES],
          // `*.server.db.test.ts` test what only a Postgres server does (cancel a running statement).
          exclude: [...exclude, "**/*.server.db.test.ts"],
          globalSetup: ["./db/testing/global-setup-pglite.ts"],
          // One PGlite, owned by the global setup, serves every worker: files take turns.
          fileParallelism: false,
          // npm test builds the app beside this project (scripts/test.ts), and several of its tests
          // spawn processes that share one PGlite: give them the slow project's time.
          testTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          ...databaseTestOptions,
          name: "slow",
          include: SLOW,
          // db/embedded/ is the embedded database alone: it runs in db-pglite. Slow files in
          // PGLITE_TEST_FILES run here on Postgres and there on PGlite.
          exclude: [...exclude, "db/embedded/**"],
          globalSetup: ["./db/testing/global-setup-postgres.ts"],
          maxWorkers: DATABASE_TEST_WORKERS,
          testTimeout: 180_000,
        },
      },
    ],
  },
});
