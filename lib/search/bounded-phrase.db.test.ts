import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { runInteractive } from "@/db/interactive";
import { explainPlan } from "@/db/testing/explain-plan";
import type { Ctx } from "@/lib/auth/context";
import { listRollouts, selectSnippets } from "@/lib/rollouts/queries";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { findBoundedMatches } from "./search-strategy";

// The `bounded` plan for phrases of common words that are rarely adjacent: the GIN index gives the
// first candidates (messages with all the words) and only those are rechecked for the phrase.

const ROLLOUTS = 8;
const MESSAGES = 25;
/** Rollouts whose message 15 holds the phrase "alpha beta"; every message holds both words apart. */
const WITH_PHRASE = [2, 6];
let workspaceId: string;
let ctx: Ctx;
const rolloutIds: string[] = [];

beforeAll(async () => {
  const workspace = await createTestWorkspace();
  workspaceId = workspace.id;
  ctx = (await createTestMember(workspace, "reviewer")).ctx;
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

const q = '"alpha beta"';
const bounded = (limits?: { visit?: number; recheck?: number }) =>
  runInteractive({}, (tx) => findBoundedMatches(tx, workspaceId, q, limits));

describe("bounded phrase search", () => {
  it("finds each rollout holding the phrase among the candidates, with its first matching message", async () => {
    const matches = await bounded();
    const found = matches.rolloutIds.map((id, i) => [rolloutIds.indexOf(id), matches.messageIndexes[i]]);
    expect(found.sort()).toEqual(WITH_PHRASE.map((r) => [r, 15]));
    expect(matches.isPartial).toBe(false);
  });

  it("visits only the first candidates, and says when it left some unchecked", async () => {
    // Room for two rollouts' candidates only. Which two is the index's physical order (the indexer
    // writes rollouts in parallel), so check what was found, not which rollouts were read.
    const cut = await bounded({ visit: 2 * MESSAGES });
    const withPhrase = WITH_PHRASE.map((r) => rolloutIds[r]);
    for (const id of cut.rolloutIds) expect(withPhrase).toContain(id);
    expect(cut.isPartial).toBe(true);
    const all = ROLLOUTS * MESSAGES;
    expect((await bounded({ visit: all, recheck: all })).isPartial).toBe(false);
    expect((await bounded({ visit: all - 1, recheck: all })).isPartial).toBe(true);
    expect((await bounded({ visit: all, recheck: all - 1 })).isPartial).toBe(true);
  });

  it("rechecks the shortest of the visited candidates first", async () => {
    // The messages holding the phrase are the two shortest of the 200 candidates: rechecking two
    // finds both, wherever they sit in the index's order.
    const matches = await bounded({ recheck: WITH_PHRASE.length });
    expect(matches.rolloutIds.map((id) => rolloutIds.indexOf(id)).sort()).toEqual(WITH_PHRASE);
    expect(matches.messageIndexes).toEqual([15, 15]);
    expect(matches.isPartial).toBe(true);
  });

  it("reads the candidates through the GIN index under a limit, even with statistics", async () => {
    await runInteractive({}, (tx) => tx.execute(sql`analyze message_search`));
    const plan = await runInteractive({}, async (tx) => {
      await findBoundedMatches(tx, workspaceId, q); // leaves enable_seqscan as it found it
      const [{ seqscan }] = await tx.execute<{ seqscan: string }>(
        sql`select current_setting('enable_seqscan') as seqscan`,
      );
      expect(seqscan).toBe("on");
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
      return explainPlan(
        tx,
        sql`select ms.rollout_id from message_search ms where ms.workspace_id = ${workspaceId}
          and ms.search @@ regexp_replace(websearch_to_tsquery('english', ${q})::text, '<(-|[0-9]+)>', '&', 'g')::tsquery
          limit 100`,
      );
    });
    expect(plan.some((n) => n["Index Name"] === "message_search_search_idx")).toBe(true);
  });

  it("lists the matching rollouts with their snippets through the bounded plan", async () => {
    const matches = await bounded();
    const snippets = await runInteractive({}, (tx) =>
      tx.execute<{ rollout_id: string; index: number; headline: string }>(
        selectSnippets({ workspaceId, rolloutIds: matches.rolloutIds, q, strategy: matches }),
      ),
    );
    expect(snippets.map((s) => Number(s.index))).toEqual([15, 15]);
    // This workspace is small, so the list itself chooses an exact plan and finds the same rollouts.
    const page = await listRollouts({ ctx, input: { q } });
    expect(page.items.map((i) => i.id).sort()).toEqual([...matches.rolloutIds].sort());
    expect(page.searchPartial).toBe(false);
  });
});
