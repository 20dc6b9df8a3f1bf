import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { explainPlan } from "@/db/testing/explain-plan";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestWorkspace } from "@/lib/testing/factories";
import { selectMessages } from "./insert-search-rows";

// The indexer reads a batch's messages by rollout. Imports leave the messages' ANALYZE to the
// indexing, which runs it when done, so every batch before that plans without statistics: the
// statement must read each rollout's messages through the primary key then too, not scan the whole
// table once per batch.

const ROLLOUTS = 200;
const MESSAGES_PER_ROLLOUT = 30;
const BATCH = 20;

let rolloutIds: string[];

beforeAll(async () => {
  const workspace = await createTestWorkspace();
  const run = await createTestRun({ workspaceId: workspace.id });
  rolloutIds = [];
  for (let r = 0; r < ROLLOUTS; r++) {
    const rollout = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      isSearchIndexed: false,
      messages: Array.from({ length: MESSAGES_PER_ROLLOUT }, (_, m) => ({
        role: m % 2 ? ("assistant" as const) : ("tool" as const),
        text: `rollout ${r} message ${m}: ran the tests and read the output`,
      })),
    });
    rolloutIds.push(rollout.id);
  }
}, 120_000);

describe.each([
  [
    "without statistics",
    () => db.execute(sql`delete from pg_statistic where starelid = 'messages'::regclass`),
  ],
  ["after ANALYZE", () => db.execute(sql`analyze messages`)],
])("reading a batch's messages %s", (_name, prepare) => {
  beforeAll(async () => {
    await prepare();
  });

  it("reads each rollout's messages through the primary key, never the whole table", async () => {
    const batch = rolloutIds.slice(0, BATCH);
    const nodes = await explainPlan(db, selectMessages({ rolloutIds: batch }));
    const reads = nodes.filter(
      (n) => n["Relation Name"] === "messages" || n["Index Name"] === "messages_pkey",
    );
    expect(reads.map((n) => n["Node Type"])).not.toContain("Seq Scan");
    const byKey = reads.filter((n) => n["Index Name"] === "messages_pkey");
    expect(byKey.map((n) => n["Actual Loops"])).toEqual(byKey.map(() => BATCH));
    expect(nodes[0]["Actual Rows"]).toBe(BATCH * MESSAGES_PER_ROLLOUT);
  });

  it("returns a rollout's messages in order, from the first one not indexed yet", async () => {
    const rolloutId = rolloutIds[ROLLOUTS - 1];
    await db.execute(sql`
      insert into message_search (rollout_id, workspace_id, message_index, search)
      select rollout_id, workspace_id, index, to_tsvector('english', text) from messages
      where rollout_id = ${rolloutId} and index < 10
      on conflict do nothing`);
    const rows = await db.execute<{ index: number }>(selectMessages({ rolloutIds: [rolloutId] }));
    expect(rows.map((r) => r.index)).toEqual(
      Array.from({ length: MESSAGES_PER_ROLLOUT - 10 }, (_, i) => 10 + i),
    );
  });
});
