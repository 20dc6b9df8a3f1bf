import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";

// COPY inserts rows in batches only when no column it fills by default calls a volatile function
// (a random uuid key made it insert the import bench's 104,000 messages one by one).
describe("the messages table", () => {
  it("is keyed by (rollout_id, index) and has no random default", async () => {
    const key = await db.execute<{ attname: string }>(sql`
      select a.attname from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = 'messages'::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`);
    expect(key.map((k) => k.attname)).toEqual(["rollout_id", "index"]);
    const defaults = await db.execute<{ expr: string }>(sql`
      select pg_get_expr(d.adbin, d.adrelid) as expr from pg_attrdef d where d.adrelid = 'messages'::regclass`);
    expect(defaults.map((d) => d.expr).filter((e) => /random|uuid/i.test(e))).toEqual([]);
  });
});
