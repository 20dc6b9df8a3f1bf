import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { connectDatabase, db, defaultDatabaseTarget } from "./client";
import { runInteractive } from "./interactive";

// What only a Postgres server can do (the vitest config runs *.server.db.test.ts on it alone): stop a
// running statement. PGlite runs statements to completion on its one thread.

async function activeStatements(marker: string): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity
    where state = 'active' and pid <> pg_backend_pid() and query like ${`%${marker}%`}`);
  return Number(row.n);
}

describe("interactive queries on a Postgres server", () => {
  it("cancel the running statement when the request is aborted, freeing its backend", async () => {
    const marker = `cancel-me-${Date.now()}`;
    const controller = new AbortController();
    const running = runInteractive({ signal: controller.signal }, (tx) =>
      tx.execute(sql`select pg_sleep(60) ${sql.raw(`/* ${marker} */`)}`),
    );
    const outcome = running.then(
      () => null,
      (error: unknown) => error,
    );
    await expect.poll(() => activeStatements(marker), { timeout: 10_000 }).toBe(1);
    const aborted = performance.now();
    controller.abort();
    const error = await outcome;
    expect(performance.now() - aborted).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("bad_request");
    expect(await activeStatements(marker)).toBe(0);
  });

  it("stop a statement at the timeout with a clear error", async () => {
    const error = await runInteractive({ timeoutMs: 200 }, (tx) => tx.execute(sql`select pg_sleep(10)`)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/took longer than/);
  });

  it("warm each backend's heap in their first statement (db/backend-heap.ts)", async () => {
    // A new backend is not warmed.
    const connection = connectDatabase(defaultDatabaseTarget());
    try {
      const [fresh] = await connection.db.execute<{ warmed: string | null }>(
        sql`select current_setting('studio.heap_warmed', true) as warmed`,
      );
      expect(fresh.warmed).toBeNull();
    } finally {
      await connection.close();
    }
    const pid = await runInteractive({}, async (tx) => {
      const [row] = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      return Number(row.pid);
    });
    // The pool hands the same connection out next (client.server.db.test.ts).
    const [after] = await db.execute<{ pid: number; warmed: string | null }>(
      sql`select pg_backend_pid() as pid, current_setting('studio.heap_warmed', true) as warmed`,
    );
    expect(Number(after.pid)).toBe(pid);
    expect(after.warmed).toBe("on");
  });
});
