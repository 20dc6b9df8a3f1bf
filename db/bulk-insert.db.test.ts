import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bulkInsert, JsonText } from "./bulk-insert";
import { db } from "./client";

// Runs on both projects: the Postgres server and PGlite.
describe("bulkInsert", () => {
  it("round-trips awkward text and JSON exactly (NUL aside)", async () => {
    const table = `bulk_${Math.random().toString(36).slice(2, 10)}`;
    await db.execute(
      sql.raw(`create table ${table} (id int, body text, doc jsonb, raw jsonb, at timestamptz)`),
    );
    const awkward = 'tab\there, newline\nthere, CR\r, backslash \\ and \\N, quote " and emoji 🧪';
    const columns = [
      { name: "id", type: "int" },
      { name: "body", type: "text" },
      { name: "doc", type: "jsonb" },
      { name: "raw", type: "jsonb" },
      { name: "at", type: "timestamptz" },
    ];
    const rows = Array.from({ length: 2_500 }, (_, i) => [
      i,
      i === 7 ? "nul\u0000byte" : `${awkward} ${i}`,
      i % 2 ? { args: { cmd: `grep -n "x\\ty" ${i}` }, list: [1, null, "\\"] } : null,
      new JsonText(`{"n":${i},"s":"a\\u0000b"}`),
      i === 0 ? null : "2026-11-29T12:00:00.000Z",
    ]);
    try {
      await db.transaction((tx) => bulkInsert(tx, table, columns, rows));
      const stored = await db.execute<{ id: number; body: string; doc: unknown; raw: unknown; at: unknown }>(
        sql.raw(`select id, body, doc, raw, at from ${table} order by id`),
      );
      expect(stored).toHaveLength(2_500);
      expect(stored[3]).toMatchObject({
        id: 3,
        body: `${awkward} 3`,
        doc: rows[3][2],
        raw: { n: 3, s: "a\uFFFDb" },
      });
      expect(stored[7].body).toBe("nul\uFFFDbyte");
      expect(stored[0].doc).toBeNull();
      expect(stored[0].at).toBeNull();
      expect(new Date(stored[1].at as string).toISOString()).toBe("2026-11-29T12:00:00.000Z");
    } finally {
      await db.execute(sql.raw(`drop table ${table}`));
    }
  });

  // COPY data goes in chunks of about 1 MB: rows with multi-byte characters across chunk boundaries,
  // and one row longer than a chunk, must arrive whole.
  it("stores rows spanning many COPY chunks, and one longer than a chunk, exactly", async () => {
    const table = `bulk_${Math.random().toString(36).slice(2, 10)}`;
    await db.execute(sql.raw(`create table ${table} (id int, body text)`));
    const columns = [
      { name: "id", type: "int" },
      { name: "body", type: "text" },
    ];
    const bodyOf = (i: number) =>
      i === 1_234 ? `é🧪\t${"ü".repeat(3_000_000)}` : `${i} ${"é🧪ü\tx".repeat(50 + (i % 7))}`;
    const rows = Array.from({ length: 5_000 }, (_, i) => [i, bodyOf(i)]);
    try {
      await db.transaction((tx) => bulkInsert(tx, table, columns, rows));
      const stored = await db.execute<{ id: number; body: string }>(
        sql.raw(`select id, body from ${table} order by id`),
      );
      expect(stored).toHaveLength(rows.length);
      const wrong = stored.filter((row, i) => row.id !== i || row.body !== bodyOf(i)).map((row) => row.id);
      expect(wrong).toEqual([]);
    } finally {
      await db.execute(sql.raw(`drop table ${table}`));
    }
  });

  // On a Postgres server the rows go by COPY; a refusal that arrives after the last chunk used to
  // leave the write waiting forever (porsager/postgres#1173), one that arrives mid-stream must
  // fail it too.
  it("inserts nothing, and fails the transaction, when a row is invalid", async () => {
    const table = `bulk_${Math.random().toString(36).slice(2, 10)}`;
    await db.execute(sql.raw(`create table ${table} (id int not null, pad text)`));
    const columns = [
      { name: "id", type: "int" },
      { name: "pad", type: "text" },
    ];
    const many = Array.from({ length: 20_000 }, (_, i) => [i === 0 ? null : i, "x".repeat(200)]);
    try {
      for (const rows of [
        [
          [1, "a"],
          [null, "b"],
          [3, "c"],
        ],
        many,
      ]) {
        await expect(db.transaction((tx) => bulkInsert(tx, table, columns, rows))).rejects.toThrow();
      }
      const [{ n }] = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
      expect(n).toBe(0);
      // The connection is usable afterwards (the failed transaction was rolled back).
      await db.transaction((tx) => bulkInsert(tx, table, columns, [[4, "d"]]));
      const [{ m }] = await db.execute<{ m: number }>(sql.raw(`select count(*)::int as m from ${table}`));
      expect(m).toBe(1);
    } finally {
      await db.execute(sql.raw(`drop table ${table}`));
    }
  });

  it("skips conflicting rows when asked and returns only the inserted ones", async () => {
    const table = `bulk_${Math.random().toString(36).slice(2, 10)}`;
    await db.execute(sql.raw(`create table ${table} (id serial primary key, hash text unique)`));
    const columns = [{ name: "hash", type: "text" }];
    const options = { onConflict: "(hash) do nothing", returning: ["id", "hash"] };
    try {
      const first = await bulkInsert<{ id: number; hash: string }>(
        db,
        table,
        columns,
        [["a"], ["b"]],
        options,
      );
      expect(first.map((r) => r.hash).sort()).toEqual(["a", "b"]);
      const second = await bulkInsert<{ id: number; hash: string }>(
        db,
        table,
        columns,
        [["b"], ["c"]],
        options,
      );
      expect(second.map((r) => r.hash)).toEqual(["c"]);
      expect(await bulkInsert(db, table, columns, [["d"]])).toEqual([]);
    } finally {
      await db.execute(sql.raw(`drop table ${table}`));
    }
  });
});
