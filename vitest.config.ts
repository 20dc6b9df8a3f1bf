import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@/": fileURLToPath(new URL("./", import.meta.url)),
  // `server-only` throws outside Next's server build; lib modules import it.
  "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
};
const exclude = ["node_modules/**", ".next/**", "e2e/**"];

/** The same database tests run twice: on a real Postgres server and on embedded PGlite. */
function databaseProject(name: "db-postgres" | "db-pglite") {
  return {
    resolve: { alias },
    test: {
      name,
      environment: "node",
      include: ["**/*.db.test.ts"],
      // The embedded database's own multi-process tests need no server: they run once, with PGlite;
      // `*.server.db.test.ts` test what only a Postgres server does (cancel a running statement).
      exclude:
        name === "db-postgres" ? [...exclude, "db/embedded/**"] : [...exclude, "**/*.server.db.test.ts"],
      globalSetup: [`./db/testing/global-setup-${name.slice(3)}.ts`],
      setupFiles: ["./db/testing/setup-env.ts"],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  };
}

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
          exclude: [...exclude, "**/*.db.test.ts"],
        },
      },
      databaseProject("db-postgres"),
      databaseProject("db-pglite"),
    ],
  },
});
