import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyzeTables } from "./analyze";
import { db } from "./client";

class RolledBack extends Error {}

describe("analyzeTables", () => {
  it("refreshes messages' row count and the statistics of the columns queries filter on, only", async () => {
    let columns: string[] = [];
    let reltuples = 0;
    // In a transaction rolled back at the end: no rows and no statistics are left behind.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`
          with w as (insert into workspaces (slug, name) values (${`analyze-${crypto.randomUUID()}`}, 'Analyze') returning id),
          r as (insert into runs (workspace_id, source, format) select id, 'test', 'openai' from w returning id, workspace_id),
          o as (insert into rollouts (workspace_id, run_id, content_hash) select workspace_id, id, 'h' from r returning id, workspace_id)
          insert into messages (rollout_id, workspace_id, index, role, text)
          select o.id, o.workspace_id, i, 'user', repeat('a long question ', 50) from o, generate_series(0, 9) as i`);
        await tx.execute(sql`delete from pg_statistic where starelid = 'messages'::regclass`);

        await analyzeTables(tx, ["messages", "runs"]);

        const rows = await tx.execute<{ attname: string }>(sql`
          select a.attname from pg_statistic s
          join pg_attribute a on a.attrelid = s.starelid and a.attnum = s.staattnum
          where s.starelid = 'messages'::regclass order by a.attname`);
        columns = rows.map((c) => c.attname);
        const [table] = await tx.execute<{ reltuples: number }>(
          sql`select reltuples from pg_class where oid = 'messages'::regclass`,
        );
        reltuples = Number(table.reltuples);
        throw new RolledBack();
      }),
    ).rejects.toThrow(RolledBack);
    expect(columns).toEqual(["index", "role", "rollout_id", "workspace_id"]);
    expect(reltuples).toBeGreaterThanOrEqual(10);
  });
});
