import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { explainPlan, statisticsCases } from "@/db/testing/explain-plan";
import { loadTranscripts, selectTranscripts } from "@/lib/judges/load-transcripts";
import { createTestRun, createUnindexedTestRollouts } from "@/lib/rollouts/testing/factories";
import { selectScanMessages } from "@/lib/scanners/scan-rollouts";
import { selectMessages } from "@/lib/search/insert-search-rows";
import { createTestWorkspace } from "@/lib/testing/factories";

// The background batches that read a batch of rollouts' messages (search indexing, the reward-hack
// scans, judging) run right after imports, before anything has analyzed the messages: their
// statements must read each rollout's messages through the primary key without statistics too,
// never the whole table once per batch.

const ROLLOUTS = 200;
const MESSAGES_PER_ROLLOUT = 30;
const BATCH = 20;

let rolloutIds: string[];
let workspaceId: string;

beforeAll(async () => {
  const workspace = await createTestWorkspace();
  workspaceId = workspace.id;
  const run = await createTestRun({ workspaceId: workspace.id });
  rolloutIds = await createUnindexedTestRollouts({
    workspaceId: workspace.id,
    runId: run.id,
    count: ROLLOUTS,
    messagesEach: MESSAGES_PER_ROLLOUT,
    text: (r, m) => `rollout ${r} message ${m}: ran the tests and read the output`,
  });
}, 120_000);

const statements = {
  "the search indexer's": (ids: string[]) => selectMessages({ rolloutIds: ids }),
  "the reward-hack scan's": selectScanMessages,
  "the judges' and the LLM scanner's": (ids: string[]) => selectTranscripts(workspaceId, ids),
};

describe.each(statisticsCases(db, "messages"))("reading a batch's messages %s", (_name, prepare) => {
  beforeAll(async () => {
    await prepare();
  });

  it.each(Object.entries(statements))(
    "%s statement reads each rollout through the primary key",
    async (_, select) => {
      const nodes = await explainPlan(db, select(rolloutIds.slice(0, BATCH)));
      const reads = nodes.filter(
        (n) => n["Relation Name"] === "messages" || n["Index Name"] === "messages_pkey",
      );
      expect(reads.map((n) => n["Node Type"])).not.toContain("Seq Scan");
      const byKey = reads.filter((n) => n["Index Name"] === "messages_pkey");
      expect(byKey.length).toBeGreaterThan(0);
      expect(byKey.map((n) => n["Actual Loops"])).toEqual(byKey.map(() => BATCH));
      expect(nodes[0]["Actual Rows"]).toBe(BATCH * MESSAGES_PER_ROLLOUT);
    },
  );
});

describe("reading a batch's messages", () => {
  it("returns every message of each rollout, in order", async () => {
    const batch = rolloutIds.slice(BATCH, 2 * BATCH);
    const rows = await db.execute<{ rollout_id: string; index: number }>(selectScanMessages(batch));
    const inOrder = Array.from({ length: MESSAGES_PER_ROLLOUT }, (_, i) => i);
    for (const id of batch)
      expect(rows.filter((r) => r.rollout_id === id).map((r) => r.index)).toEqual(inOrder);
    expect(rows).toHaveLength(BATCH * MESSAGES_PER_ROLLOUT);
  });

  it("gives judges a workspace's transcripts only", async () => {
    const [id] = rolloutIds;
    const own = await loadTranscripts(workspaceId, [id]);
    expect(own.get(id)?.map((m) => m.index)).toEqual(
      Array.from({ length: MESSAGES_PER_ROLLOUT }, (_, i) => i),
    );
    expect(own.get(id)?.[1]).toMatchObject({
      role: "assistant",
      text: "rollout 0 message 1: ran the tests and read the output",
    });
    const other = await createTestWorkspace();
    expect((await loadTranscripts(other.id, [id])).size).toBe(0);
  });

  it("gives the indexer a rollout's messages from the first one not indexed yet", async () => {
    const rolloutId = rolloutIds[ROLLOUTS - 1];
    await db.execute(sql`
      insert into message_search (rollout_id, workspace_id, message_index, search)
      select rollout_id, workspace_id, index, to_tsvector('english', text) from messages
      where rollout_id = ${rolloutId} and index < 10`);
    const rows = await db.execute<{ index: number }>(selectMessages({ rolloutIds: [rolloutId] }));
    expect(rows.map((r) => r.index)).toEqual(
      Array.from({ length: MESSAGES_PER_ROLLOUT - 10 }, (_, i) => 10 + i),
    );
  });
});
