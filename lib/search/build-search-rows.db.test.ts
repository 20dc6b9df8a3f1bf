import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, hasSingleConnection } from "@/db/client";
import { createTestRollout, createTestRun, type FactoryMessage } from "@/lib/rollouts/testing/factories";
import { createTestWorkspace } from "@/lib/testing/factories";
import { buildSearchRows, type MessageToIndex } from "./build-search-rows";
import { indexRollouts } from "./index-rollouts";
import { insertBuiltInNode } from "./insert-search-rows";
import { cachedStemCount } from "./stem-cache";
import { messageDocument } from "./text-search";

// The indexer builds most vectors in Node; search must find exactly what it found when Postgres
// built them all. Every stored vector is compared with the old SQL path's for the same message.

const lorem = "the quick brown fox jumps over the lazy dog while running and having been indexed";
const words = (n: number, pick: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => pick(i)).join(" ");

const transcripts: FactoryMessage[][] = [
  [
    { role: "system", text: "you are a helpful agent and you do not give up" },
    { role: "user", text: lorem },
    { role: "assistant", text: "", reasoning: "i should look at the files first" },
    { role: "assistant", text: "", reasoning: null },
    { role: "user", text: "The Grader's answer_key.json lives in /grader/answer_key.json; don't read it!" },
  ],
  [
    {
      role: "assistant",
      text: "Running the tests now.",
      reasoning: "Tests first: `npm test -- --run src/utils.test.ts`.",
      toolCalls: [
        {
          id: "call_1",
          name: "bash",
          arguments: { cmd: "cd /repo && pytest -x tests/test_api.py::test_login -q" },
        },
        {
          id: "call_2",
          name: "str_replace_editor",
          arguments: { path: "src/app.py", old: "a = 1", new: "a = 2\n" },
        },
      ],
    },
    {
      role: "tool",
      toolCallId: "call_1",
      toolName: "bash",
      text: "============ 3 passed, 1 failed in 0.42s ============\nFAILED tests/test_api.py::test_login - AssertionError: assert 401 == 200\n-rw-r--r-- 1 root root 4096 Jan  1 12:00 .env",
    },
    {
      role: "assistant",
      text: "def fib(n: int) -> int:\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n\nconst x = await fetch(`https://api.example.com/v1/items?id=42&sort=desc`);",
    },
  ],
  [
    {
      role: "user",
      text: "state-of-the-art self-driving cars; re-run the well-known e-mail test co-operatively",
    },
    {
      role: "user",
      text: "numbers: 42 -17 3.14159 1e10 0x1F 1,000,000 v2.3.1 192.168.0.1 2026-12-02T01:04:20Z",
    },
    {
      role: "user",
      text: "mail bob@example.com or visit http://localhost:3000/api/health and www.example.org/x?y=1",
    },
    { role: "user", text: "THE AND OR NOT was were being have having doing ourselves yourselves" },
    { role: "user", text: "café naïve résumé Straße ÉCOLE İstanbul ΑΘΗΝΑ Москва 東京 🙂 emoji-laden text" },
    { role: "user", text: "tab\there, nul-free control chars \u0001\u0002 and quotes ' \" \\ backslashes" },
    {
      role: "assistant",
      text: "",
      toolCalls: [
        {
          id: "c",
          name: "write",
          arguments: { content: "ünïcödé ✓", nested: { list: [1, 2.5, null, true] } },
        },
      ],
    },
  ],
  [
    // Positions past 16,383 and lexemes with more than 255 positions.
    { role: "assistant", text: words(17_000, (i) => (i % 3 === 0 ? "repeat" : `w${i % 50} plain`)) },
    { role: "assistant", text: words(600, () => "again") },
    // Longer than the 200,000-character document.
    { role: "tool", toolName: "bash", text: words(40_000, (i) => ["lorem", "ipsum", "dolor", "sit"][i % 4]) },
    { role: "user", text: `${"x".repeat(3_000)} short ${"y".repeat(300)}` },
  ],
];

async function indexVariedTranscripts() {
  const workspace = await createTestWorkspace();
  const run = await createTestRun({ workspaceId: workspace.id });
  const ids: string[] = [];
  for (const messages of transcripts) {
    const rollout = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      isSearchIndexed: false,
      messages,
    });
    ids.push(rollout.id);
  }
  // The Node path on either database (indexRollouts takes it only on the embedded one).
  await db.transaction((tx) => insertBuiltInNode(tx, { rolloutIds: ids }));
  return ids;
}

/** Each message's stored vector and the one the SQL document gives, as text. */
async function compareWithSqlPath(ids: string[]) {
  return db.execute<{ rollout_id: string; index: number; stored: string | null; computed: string }>(sql`
    select m.rollout_id, m.index, ms.search::text as stored, ${messageDocument("m")}::text as computed
    from messages m left join message_search ms on ms.rollout_id = m.rollout_id and ms.message_index = m.index
    where m.rollout_id = any(${`{${ids.join(",")}}`}::uuid[]) order by m.rollout_id, m.index`);
}

/** A rollout of these messages, in a workspace of its own. */
async function createRolloutOf(messages: FactoryMessage[], { isSearchIndexed = false } = {}) {
  const workspace = await createTestWorkspace();
  const run = await createTestRun({ workspaceId: workspace.id });
  const rollout = await createTestRollout({
    workspaceId: workspace.id,
    runId: run.id,
    isSearchIndexed,
    messages,
  });
  return { workspace, rollout };
}

describe("search vectors built in Node", () => {
  it("are the vectors Postgres computes from the SQL document, for every message", async () => {
    const ids = await indexVariedTranscripts();
    const rows = await compareWithSqlPath(ids);
    expect(rows).toHaveLength(transcripts.flat().length);
    expect(rows.filter((r) => r.stored !== r.computed)).toEqual([]);
  });

  it("come from Node for the documents the parser accepts, and from Postgres for the others", async () => {
    const { rollout } = await createRolloutOf(transcripts.flat());
    const messages = await db.execute<MessageToIndex>(sql`
      select rollout_id, workspace_id, index, text, reasoning, tool_calls::text as tool_calls
      from messages where rollout_id = ${rollout.id} order by index`);
    const { rows, refused } = await buildSearchRows(db, [...messages]);
    expect(rows.length + refused.length).toBe(messages.length);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const computed = await compareWithSqlPath([rollout.id]);
    for (const [, , index, literal] of rows) {
      const [{ vector }] = await db.execute<{ vector: string }>(
        sql`select ${literal}::tsvector::text as vector`,
      );
      expect({ index, vector }).toEqual({ index, vector: computed[index].computed });
    }
  });

  it("are built by Postgres on a server and in Node on the embedded database", async () => {
    // A word no other test uses: building its vector in Node asks for its stem, and caches it.
    const { rollout } = await createRolloutOf([
      { role: "user", text: `zorblequantifiers ${Date.now().toString(36).replace(/[0-9]/g, "q")}` },
    ]);
    const stemsBefore = cachedStemCount();
    await db.transaction((tx) => indexRollouts(tx, [rollout.id]));
    expect(cachedStemCount() > stemsBefore).toBe(hasSingleConnection());
    const rows = await compareWithSqlPath([rollout.id]);
    expect(rows.filter((r) => r.stored !== r.computed)).toEqual([]);
  });

  it("indexes only the new messages of a rollout that grew after it was indexed", async () => {
    const { workspace, rollout } = await createRolloutOf(transcripts[0], { isSearchIndexed: true });
    await db.execute(sql`
      insert into messages (rollout_id, workspace_id, index, role, text)
      values (${rollout.id}, ${workspace.id}, ${transcripts[0].length}, 'assistant', 'appended later')`);
    await db.transaction((tx) => indexRollouts(tx, [rollout.id]));
    const rows = await compareWithSqlPath([rollout.id]);
    expect(rows).toHaveLength(transcripts[0].length + 1);
    expect(rows.filter((r) => r.stored !== r.computed)).toEqual([]);
  });
});
