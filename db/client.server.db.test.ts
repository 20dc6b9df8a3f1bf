import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase, defaultDatabaseTarget } from "./client";

// The pool hands out the idle connection used last (patches/postgres+3.4.9.patch). A backend's first
// touch of each shared buffer is a page fault, and on a virtual machine a costly one: the first
// phrase search on a backend took 180-220 ms, the same search on a warm one 55-65 ms. Handing out
// the connection idle longest spread a quiet studio's searches over every connection of the pool,
// each paying its first time.

const connection = connectDatabase(defaultDatabaseTarget());
afterAll(() => connection.close());

const backendPid = async () => {
  const [row] = await connection.sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
  return row.pid;
};

/** The backends of `count` queries sent at once, each holding its connection for 200 ms. */
const concurrentBackendPids = (count: number) =>
  Promise.all(
    Array.from({ length: count }, async () => {
      const [row] = await connection.sql<{ pid: number }[]>`select pg_backend_pid() as pid, pg_sleep(0.2)`;
      return row.pid;
    }),
  );

describe("connection pool on a Postgres server", () => {
  it("reuses the connection used last while it is idle, statements and transactions alike", async () => {
    // Three connections open at once, then sequential work.
    const opened = await concurrentBackendPids(3);
    expect(new Set(opened).size).toBe(3);
    const sequential: number[] = [];
    for (let i = 0; i < 6; i++) sequential.push(await backendPid());
    expect(new Set(sequential).size).toBe(1);
    const [inTransaction] = await connection.sql.begin(
      (tx) => tx<{ pid: number }[]>`select pg_backend_pid() as pid`,
    );
    expect(inTransaction.pid).toBe(sequential[0]);
    expect(await backendPid()).toBe(sequential[0]);
  });

  it("still spreads concurrent work over several connections", async () => {
    const pids = await concurrentBackendPids(4);
    expect(new Set(pids).size).toBe(4);
  });
});
