import type { SQL, SQLWrapper } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { preferOrderedIndexScans, runInteractive } from "@/db/interactive";
import { explainPlan, type PlanNode, statisticsCases } from "@/db/testing/explain-plan";
import type { Ctx } from "@/lib/auth/context";
import { listRollouts, selectRolloutPage, selectSnippets } from "@/lib/rollouts/queries";
import { rolloutFilterInput } from "@/lib/rollouts/schemas";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { chooseSearchStrategy, type SearchStrategy, selectSearchSample } from "./search-strategy";

// Search plans must not depend on table statistics: without ANALYZE (PGlite never runs it; a
// Postgres without autovacuum neither) Postgres guesses a tsquery's selectivity, and the guess made
// it scan the whole GIN index once per rollout for common words. These tests EXPLAIN the exact
// statements the rollout list runs, on message_search without statistics and then with them.

const GIN_INDEX = "message_search_search_idx";
const ROLLOUTS = 40;
const MESSAGES_PER_ROLLOUT = 50;

async function explain(query: SQLWrapper | SQL, strategy: SearchStrategy): Promise<PlanNode[]> {
  return runInteractive({}, async (tx) => {
    if (strategy === "scan") await preferOrderedIndexScans(tx);
    return explainPlan(tx, query);
  });
}

/** message_search is read once (a sequential, bitmap or GIN scan), never once per rollout. */
function expectSingleScanOfMessageSearch(nodes: PlanNode[]) {
  const reads = nodes.filter(
    (n) => n["Relation Name"] === "message_search" || n["Index Name"]?.startsWith("message_search"),
  );
  expect(reads.length).toBeGreaterThan(0);
  expect(reads.map((n) => n["Actual Loops"])).toEqual(reads.map(() => 1));
}

let ctx: Ctx;

beforeAll(async () => {
  const workspace = await createTestWorkspace();
  ctx = (await createTestMember(workspace, "reviewer")).ctx;
  const run = await createTestRun({ workspaceId: workspace.id });
  for (let r = 0; r < ROLLOUTS; r++) {
    await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, r)),
      messages: Array.from({ length: MESSAGES_PER_ROLLOUT }, (_, m) => ({
        role: m % 2 ? ("assistant" as const) : ("tool" as const),
        // "checkpoint" is in half the messages; "quokka" in one message of one rollout.
        text: `${m % 2 ? "saved a checkpoint of the model" : "pytest output: permission denied"} step ${m}${
          r === 7 && m === 31 ? " quokka sighted" : ""
        }`,
      })),
    });
  }
}, 120_000);

describe.each(statisticsCases(db, "message_search"))("search plans %s", (_name, prepare) => {
  beforeAll(async () => {
    await prepare();
  });

  it("chooses a scan in sort order for a common word and the GIN index for a rare one", async () => {
    expect(await chooseSearchStrategy(db, ctx.workspace.id, "checkpoint")).toBe("scan");
    expect(await chooseSearchStrategy(db, ctx.workspace.id, '"permission denied"')).toBe("scan");
    expect(await chooseSearchStrategy(db, ctx.workspace.id, "quokka")).toBe("index");
  });

  it("measures how common the words are from a sample of pages, without the GIN index", async () => {
    const nodes = await explain(selectSearchSample(ctx.workspace.id, "checkpoint"), "index");
    expect(nodes.some((n) => n["Index Name"] === GIN_INDEX)).toBe(false);
    expect(nodes.filter((n) => n["Relation Name"] === "message_search").map((n) => n["Node Type"])).toEqual([
      "Sample Scan",
    ]);
  });

  it("checks each rollout's messages in order with a btree scan for common words, never the GIN index", async () => {
    const filter = rolloutFilterInput.parse({ q: "checkpoint" });
    const nodes = await explain(
      selectRolloutPage(db, { workspaceId: ctx.workspace.id, filter, strategy: "scan" }),
      "scan",
    );
    expect(nodes.some((n) => n["Index Name"] === GIN_INDEX)).toBe(false);
    const perRollout = nodes.filter((n) => n["Relation Name"] === "message_search");
    expect(perRollout.map((n) => n["Node Type"])).toEqual(["Index Scan"]);
    const ids = (await listRollouts({ ctx, input: { q: "checkpoint" } })).items.map((i) => i.id);
    const snippetNodes = await explain(
      selectSnippets({ workspaceId: ctx.workspace.id, rolloutIds: ids, q: "checkpoint", strategy: "scan" }),
      "scan",
    );
    expect(snippetNodes.some((n) => n["Index Name"] === GIN_INDEX)).toBe(false);
  });

  it("reads the GIN index once for rare words, not once per rollout", async () => {
    const filter = rolloutFilterInput.parse({ q: "quokka" });
    const nodes = await explain(
      selectRolloutPage(db, { workspaceId: ctx.workspace.id, filter, strategy: "index" }),
      "index",
    );
    expectSingleScanOfMessageSearch(nodes);
    const page = await listRollouts({ ctx, input: { q: "quokka" } });
    expect(page.items).toHaveLength(1);
    expect(page.items[0].snippet?.messageIndex).toBe(31);
    const snippetNodes = await explain(
      selectSnippets({
        workspaceId: ctx.workspace.id,
        rolloutIds: page.items.map((i) => i.id),
        q: "quokka",
        strategy: "index",
      }),
      "index",
    );
    expectSingleScanOfMessageSearch(snippetNodes);
    // The page's rollouts filter the GIN index's matches afterwards: as an index condition they'd
    // AND in a bitmap of every message of those rollouts (100,000 entries at 50 × 2,000 messages).
    expect(snippetNodes.some((n) => n["Index Name"] === "message_search_pkey")).toBe(false);
  });

  it("lists every matching rollout with a snippet, whichever plan runs", async () => {
    for (const q of ["checkpoint", '"permission denied"', "quokka", "checkpoint -quokka"]) {
      const page = await listRollouts({ ctx, input: { q, limit: "200" } });
      const expected = q === "quokka" ? 1 : ROLLOUTS;
      expect(page.items, q).toHaveLength(expected);
      expect(page.items.every((i) => i.snippet !== null)).toBe(true);
    }
  });
});
