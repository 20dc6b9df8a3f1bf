import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { explainPlan } from "@/db/testing/explain-plan";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestWorkspace } from "@/lib/testing/factories";
import { selectScanMessages } from "./scan-rollouts";

// The reward-hack scan reads a batch's messages by rollout, often right after an import, before the
// search indexing has analyzed them: the statement must read each rollout's messages through the
// primary key without statistics too, not scan the whole table once per batch.

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
        text: `rollout ${r} message ${m}: cat tests/test_calc.py`,
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
])("the scan's message reads %s", (_name, prepare) => {
  beforeAll(async () => {
    await prepare();
  });

  it("read each rollout's messages through the primary key, never the whole table", async () => {
    const nodes = await explainPlan(db, selectScanMessages(rolloutIds.slice(0, BATCH)));
    const reads = nodes.filter(
      (n) => n["Relation Name"] === "messages" || n["Index Name"] === "messages_pkey",
    );
    expect(reads.map((n) => n["Node Type"])).not.toContain("Seq Scan");
    const byKey = reads.filter((n) => n["Index Name"] === "messages_pkey");
    expect(byKey.map((n) => n["Actual Loops"])).toEqual(byKey.map(() => BATCH));
  });

  it("return every message of each rollout, in order", async () => {
    const batch = rolloutIds.slice(BATCH, 2 * BATCH);
    const rows = await db.execute<{ rollout_id: string; index: number }>(selectScanMessages(batch));
    const inOrder = Array.from({ length: MESSAGES_PER_ROLLOUT }, (_, i) => i);
    for (const id of batch)
      expect(rows.filter((r) => r.rollout_id === id).map((r) => r.index)).toEqual(inOrder);
    expect(rows).toHaveLength(BATCH * MESSAGES_PER_ROLLOUT);
  });
});
