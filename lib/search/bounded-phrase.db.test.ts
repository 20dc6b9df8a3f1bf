import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { preferIndexes, runInteractive } from "@/db/interactive";
import { selectRolloutPage, selectSnippets } from "@/lib/rollouts/queries";
import { rolloutFilterInput } from "@/lib/rollouts/schemas";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestWorkspace } from "@/lib/testing/factories";
import { boundedCandidates, isBoundedSearchPartial, toTsQuery } from "./text-search";

// The `bounded` plan for phrases of common words that are rarely adjacent: the GIN index gives the
// first candidates (messages with all the words) and only those are rechecked for the phrase.

type PlanNode = { "Node Type": string; "Index Name"?: string; "Actual Rows"?: number; Plans?: PlanNode[] };
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

const ROLLOUTS = 8;
const MESSAGES = 25;
/** Rollouts whose message 15 holds the phrase "alpha beta"; every message holds both words apart. */
const WITH_PHRASE = [2, 6];
let workspaceId: string;
const rolloutIds: string[] = [];

beforeAll(async () => {
  const workspace = await createTestWorkspace();
  workspaceId = workspace.id;
  const run = await createTestRun({ workspaceId });
  for (let r = 0; r < ROLLOUTS; r++) {
    const rollout = await createTestRollout({
      workspaceId,
      runId: run.id,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, r)),
      messages: Array.from({ length: MESSAGES }, (_, m) => ({
        role: "tool" as const,
        text:
          WITH_PHRASE.includes(r) && m === 15
            ? `step ${m}: alpha beta together`
            : `step ${m}: alpha comes first, then much later beta`,
      })),
    });
    rolloutIds.push(rollout.id);
  }
}, 120_000);

async function explain(query: SQLWrapper | SQL): Promise<PlanNode[]> {
  return runInteractive({}, async (tx) => {
    await preferIndexes(tx);
    const [row] = await tx.execute<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
      sql`explain (analyze, costs off, format json) ${query}`,
    );
    return flatten(row["QUERY PLAN"][0].Plan);
  });
}

describe("bounded phrase search", () => {
  const q = '"alpha beta"';

  it("finds the rollouts holding the phrase among the candidates, and its message for the snippet", async () => {
    const filter = rolloutFilterInput.parse({ q, sort: "oldest" });
    const page = await runInteractive({}, async (tx) => {
      await preferIndexes(tx);
      return selectRolloutPage(tx, { workspaceId, filter, strategy: "bounded" });
    });
    expect(page.map((r) => r.id)).toEqual(WITH_PHRASE.map((r) => rolloutIds[r]));
    const snippets = await runInteractive({}, (tx) =>
      tx.execute<{ rollout_id: string; index: number }>(
        selectSnippets({ workspaceId, rolloutIds: page.map((r) => r.id), q, strategy: "bounded" }),
      ),
    );
    expect(snippets.map((s) => Number(s.index))).toEqual([15, 15]);
  });

  it("reads candidates through the GIN index under a limit, and rechecks only those", async () => {
    const filter = rolloutFilterInput.parse({ q });
    const nodes = await explain(selectRolloutPage(db, { workspaceId, filter, strategy: "bounded" }));
    // The candidates' limit sits right above their index scan (the page's own Limit is outermost).
    const limited = nodes
      .filter((n) => n["Node Type"] === "Limit")
      .map((n) => n.Plans?.[0])
      .find((child) => child?.["Node Type"] === "Bitmap Heap Scan");
    expect(limited).toBeDefined();
    expect(flatten(limited as PlanNode).some((n) => n["Index Name"] === "message_search_search_idx")).toBe(
      true,
    );
    // With room for the first two rollouts' candidates only, the later phrase matches are not read.
    const found = (limit: number) =>
      db.execute<{ rollout_id: string }>(sql`select distinct c.rollout_id
        from (${boundedCandidates(workspaceId, q, limit)}) as c where c.search @@ ${toTsQuery(q)}`);
    expect(await found(2 * MESSAGES)).toHaveLength(0);
    expect(await found(ROLLOUTS * MESSAGES)).toHaveLength(WITH_PHRASE.length);
  });

  it("says when candidates were left unchecked", async () => {
    const candidates = ROLLOUTS * MESSAGES;
    const partial = (limit: number) =>
      runInteractive({}, async (tx) => {
        await preferIndexes(tx);
        return isBoundedSearchPartial(tx, workspaceId, q, limit);
      });
    expect(await partial(candidates - 1)).toBe(true);
    expect(await partial(candidates)).toBe(false);
  });
});
