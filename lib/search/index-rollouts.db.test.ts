import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ANALYZE_AFTER_ROWS } from "@/db/analyze";
import { db } from "@/db/client";
import { messageSearch, rollouts } from "@/db/schema";
import { dropStatistics, hasStatistics } from "@/db/testing/explain-plan";
import { listRollouts } from "@/lib/rollouts/queries";
import {
  createTestRollout,
  createTestRun,
  createUnindexedTestRollouts,
} from "@/lib/rollouts/testing/factories";
import { findInTranscript } from "@/lib/rollouts/transcript-queries";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import {
  countPendingRollouts,
  INDEX_WORKERS,
  indexAllPendingRollouts,
  indexPendingRollouts,
} from "./index-rollouts";

async function setup() {
  const workspace = await createTestWorkspace();
  const { ctx } = await createTestMember(workspace, "reviewer");
  const run = await createTestRun({ workspaceId: workspace.id });
  return { workspace, ctx, run };
}

const conversation = (count: number, word: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => ({
    role: i % 2 ? ("assistant" as const) : ("user" as const),
    text: `message ${i} mentions ${word(i)}`,
  }));

/** Other test files index too (the queue is shared); run until this workspace has nothing pending. */
async function indexWorkspace(workspaceId: string) {
  while ((await countPendingRollouts(workspaceId)) > 0) await indexAllPendingRollouts();
}

describe("the search indexer", () => {
  it("makes imported rollouts searchable only once it has indexed them", async () => {
    const { workspace, ctx, run } = await setup();
    const pending = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      isSearchIndexed: false,
      messages: [
        { role: "user", text: "Where is the grader?" },
        {
          role: "assistant",
          text: "",
          toolCalls: [{ id: "c1", name: "bash", arguments: { cmd: "cat /grader/answer_key.json" } }],
        },
      ],
    });
    expect(await countPendingRollouts(workspace.id)).toBe(1);
    expect((await listRollouts({ ctx, input: { q: "answer key" } })).items).toEqual([]);
    // Find in transcript still matches substrings before indexing.
    expect((await findInTranscript({ ctx, rolloutId: pending.id, q: "answer_key" })).indexes).toEqual([1]);

    await indexWorkspace(workspace.id);

    expect(await countPendingRollouts(workspace.id)).toBe(0);
    const page = await listRollouts({ ctx, input: { q: "answer key" } });
    expect(page.items.map((i) => i.id)).toEqual([pending.id]);
    expect(page.items[0].snippet?.messageIndex).toBe(1);
    const [row] = await db
      .select({ indexedAt: rollouts.searchIndexedAt })
      .from(rollouts)
      .where(eq(rollouts.id, pending.id));
    expect(row.indexedAt).toBeInstanceOf(Date);
  });

  it("indexes a transcript larger than one batch a slice at a time, resuming where it stopped", async () => {
    const { workspace, ctx, run } = await setup();
    const big = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      isSearchIndexed: false,
      messages: conversation(25, (i) => (i === 24 ? "zanzibar" : "nothing")),
    });
    const indexedRows = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(messageSearch)
          .where(eq(messageSearch.rolloutId, big.id))
      )[0].n;
    // Other files' pending rollouts may come first; slice until this one has been started.
    let slices = 0;
    while ((await indexedRows()) === 0 && slices++ < 1_000) await indexPendingRollouts({ messageBudget: 10 });
    expect(await indexedRows()).toBe(10);
    expect(await countPendingRollouts(workspace.id)).toBe(1);
    expect((await listRollouts({ ctx, input: { q: "zanzibar" } })).items).toEqual([]);

    await indexPendingRollouts({ messageBudget: 10 });
    expect(await indexedRows()).toBe(20);
    await indexPendingRollouts({ messageBudget: 10 });
    expect(await indexedRows()).toBe(25);
    expect(await countPendingRollouts(workspace.id)).toBe(0);
    expect((await listRollouts({ ctx, input: { q: "zanzibar" } })).items.map((i) => i.id)).toEqual([big.id]);
  });

  it("lets concurrent indexers share the work without indexing a message twice", async () => {
    const { workspace, run } = await setup();
    const created = [];
    for (let i = 0; i < 12; i++) {
      created.push(
        await createTestRollout({
          workspaceId: workspace.id,
          runId: run.id,
          isSearchIndexed: false,
          messages: conversation(5, () => `word${i}`),
        }),
      );
    }
    await Promise.all([indexAllPendingRollouts(), indexAllPendingRollouts(), indexAllPendingRollouts()]);
    await indexWorkspace(workspace.id);
    const rows = await db
      .select({
        n: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct (rollout_id, message_index))::int`,
      })
      .from(messageSearch)
      .where(eq(messageSearch.workspaceId, workspace.id));
    expect(rows[0]).toEqual({ n: 60, distinct: 60 });
  });

  it("holds the second indexer back while only one may run, and lets it go on once the first is done", async () => {
    const { workspace, run } = await setup();
    for (let i = 0; i < 3; i++) {
      await createTestRollout({
        workspaceId: workspace.id,
        runId: run.id,
        isSearchIndexed: false,
        messages: conversation(5, () => `held${i}`),
      });
    }
    let asked = 0;
    const total = await indexAllPendingRollouts({
      workspaceId: workspace.id,
      messageBudget: 5,
      workersNow: async () => {
        asked++;
        return 1;
      },
    });
    expect(total).toEqual({ rollouts: 3, messages: 15 });
    expect(asked).toBeGreaterThan(0);
    expect(await countPendingRollouts(workspace.id)).toBe(0);
  });

  it("indexes nothing while no indexer may run, and goes on once one may", async () => {
    const { workspace, run } = await setup();
    await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      isSearchIndexed: false,
      messages: conversation(5, () => "paused"),
    });
    let asked = 0;
    const pendingWhilePaused: number[] = [];
    const total = await indexAllPendingRollouts({
      workspaceId: workspace.id,
      workersNow: async () => {
        if (++asked > 3) return INDEX_WORKERS;
        pendingWhilePaused.push(await countPendingRollouts(workspace.id));
        return 0;
      },
    });
    expect(pendingWhilePaused).toEqual([1, 1, 1]);
    expect(total).toEqual({ rollouts: 1, messages: 5 });
    expect(await countPendingRollouts(workspace.id)).toBe(0);
  });

  it("refreshes the statistics of the messages and their search rows once it has indexed 1,000 messages", async () => {
    // As `studio index` after `studio import`: the import leaves the messages' statistics to it.
    const { workspace, run } = await setup();
    await createUnindexedTestRollouts({
      workspaceId: workspace.id,
      runId: run.id,
      count: 10,
      messagesEach: ANALYZE_AFTER_ROWS / 10,
      text: (r, m) => `rollout ${r} step ${m}`,
    });
    await dropStatistics(db, ["messages", "message_search"]);
    const total = await indexAllPendingRollouts({ workspaceId: workspace.id });
    expect(total).toEqual({ rollouts: 10, messages: ANALYZE_AFTER_ROWS });
    expect(await hasStatistics(db, "messages")).toBe(true);
    expect(await hasStatistics(db, "message_search")).toBe(true);
  });

  it("drops a rollout's search rows with the rollout", async () => {
    const { workspace, run } = await setup();
    const doomed = await createTestRollout({ workspaceId: workspace.id, runId: run.id });
    await db.delete(rollouts).where(eq(rollouts.id, doomed.id));
    expect(await db.select().from(messageSearch).where(eq(messageSearch.rolloutId, doomed.id))).toEqual([]);
  });
});
