import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { warmBackendHeapOnce } from "./backend-heap";
import { connectDatabase, defaultDatabaseTarget } from "./client";

// The heap warm-up of a server backend (db/backend-heap.ts): once per session, at execution time.

const connection = connectDatabase(defaultDatabaseTarget());
afterAll(() => connection.close());

describe("backend heap warm-up", () => {
  it("runs once per backend and remembers it for the session", async () => {
    const warm = async () => {
      const [row] = await connection.db.execute<{
        pid: number;
        warmed_now: boolean | null;
        setting: string | null;
      }>(
        sql`select pg_backend_pid() as pid, ${warmBackendHeapOnce} as warmed_now,
          current_setting('studio.heap_warmed', true) as setting`,
      );
      return row;
    };
    const first = await warm();
    expect(first.warmed_now).toBe(true);
    const second = await warm();
    expect(second.pid).toBe(first.pid); // the pool reuses the connection used last
    expect(second.warmed_now).toBeNull();
    expect(second.setting).toBe("on");
  });

  it("allocates when the statement runs, never while planning it", async () => {
    // Folded into a constant, repeat() ran in every plan: 8 MB at each request (+80 ms each).
    const [row] = await connection.db.execute<{ "QUERY PLAN": { Plan: { Output: string[] } }[] }>(
      sql`explain (verbose, format json) select ${warmBackendHeapOnce}`,
    );
    expect(row["QUERY PLAN"][0].Plan.Output.join(" ")).toContain("repeat(");
  });
});
