import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/v1/rollouts/route";
import { POST as closeRoute } from "@/app/api/v1/runs/[id]/close/route";
import { POST as appendMessagesRoute } from "@/app/api/v1/runs/[id]/rollouts/[key]/messages/route";
import { POST as appendRoute } from "@/app/api/v1/runs/[id]/rollouts/route";
import { GET as stepsRoute } from "@/app/api/v1/runs/[id]/steps/route";
import { POST as openRunRoute } from "@/app/api/v1/runs/route";
import { db } from "@/db/client";
import { jobs, messageSearch, messages, rolloutSources, rollouts } from "@/db/schema";
import { indexAllPendingRollouts } from "@/lib/search/index-rollouts";
import { createIngestGate, setIngestGate } from "./ingest-gate";
import { call, createKeyWorkspace } from "./testing/live-api";

const chat = (question: string, answer: string) => [
  { role: "user", content: question },
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "c1", type: "function", function: { name: "search", arguments: '{"q":"x"}' } }],
  },
  { role: "tool", tool_call_id: "c1", content: "found" },
  { role: "assistant", content: answer },
];

const item = (key: string, extra: Record<string, unknown> = {}) => ({
  key,
  step: 1,
  task: "t1",
  model: "policy-v1",
  reward: 1,
  messages: chat(`question ${key}`, `answer ${key}`),
  ...extra,
});

async function openRun(key: string, name = "train-1") {
  const response = await call(openRunRoute, { key, body: { name, metadata: { trainer: "prime-rl" } } });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

afterEach(() => setIngestGate(undefined));

describe("live runs over the API", () => {
  it("stores a batch once: a resent batch answers duplicate and stores nothing twice", async () => {
    const { keyFor, workspace } = await createKeyWorkspace();
    const key = await keyFor("author");
    const run = await openRun(key);
    const batch = { items: [item("a"), item("b", { step: 2, reward: 0 })] };
    const first = await call(appendRoute, { key, params: { id: run }, body: batch });
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual(["created", "created"]);
    // The same items, keys reordered and re-serialized, as a retry after a lost response would send.
    const again = await call(appendRoute, {
      key,
      params: { id: run },
      body: { items: [item("b", { reward: 0, step: 2 }), item("a")] },
    });
    expect(again.body.results).toEqual([
      { key: "b", status: "duplicate", id: first.body.results[1].id },
      { key: "a", status: "duplicate", id: first.body.results[0].id },
    ]);
    const stored = await db.select().from(rollouts).where(eq(rollouts.runId, run));
    expect(stored).toHaveLength(2);
    const a = stored.find((r) => r.externalId === "a")!;
    expect(a).toMatchObject({
      step: 1,
      taskKey: "t1",
      model: "policy-v1",
      messageCount: 4,
      toolCallCount: 1,
    });
    const listed = await call(listRoute, { key: await keyFor("reviewer"), query: `?run=${run}&step=2` });
    expect(listed.body.items.map((i: { externalId: string }) => i.externalId)).toEqual(["b"]);
    // New rollouts become searchable through the search-index job, requested after the append.
    await expect
      .poll(
        async () =>
          (await db.select({ kind: jobs.kind }).from(jobs).where(eq(jobs.workspaceId, workspace.id))).map(
            (j) => j.kind,
          ),
        { timeout: 20_000 },
      )
      .toContain("search-index");
  });

  it("updates a running rollout, refuses to change a completed one, and fails bad items alone", async () => {
    const { keyFor } = await createKeyWorkspace();
    const key = await keyFor("owner");
    const run = await openRun(key);
    await call(appendRoute, {
      key,
      params: { id: run },
      body: { items: [item("live", { status: "running", reward: null }), item("done")] },
    });
    const response = await call(appendRoute, {
      key,
      params: { id: run },
      body: {
        items: [
          item("live", { reward: 0.5, messages: chat("q", "final answer") }),
          item("done", { reward: 0 }),
          { key: "bad", model: "m", messages: "not a list" },
          { model: "m", messages: [] },
          item("broken", { messages: [{ role: 42 }] }),
          item("twice"),
          item("twice"),
        ],
      },
    });
    const results = response.body.results;
    expect(results.map((r: { status: string }) => r.status)).toEqual([
      "updated",
      "error",
      "error",
      "error",
      "error",
      "created",
      "error",
    ]);
    expect(results[1].error).toMatch(/already completed/);
    expect(results[2]).toMatchObject({ key: "bad", error: expect.stringMatching(/^messages/) });
    expect(results[6].error).toMatch(/earlier in this batch/);
    const [live] = await db
      .select()
      .from(rollouts)
      .where(and(eq(rollouts.runId, run), eq(rollouts.externalId, "live")));
    expect(live).toMatchObject({ status: "completed", reward: 0.5, searchIndexedAt: null });
    const texts = await db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.rolloutId, live.id))
      .orderBy(messages.index);
    expect(texts.at(-1)?.text).toBe("final answer");
    const [source] = await db.select().from(rolloutSources).where(eq(rolloutSources.rolloutId, live.id));
    expect(source.original).toMatchObject({ reward: 0.5 });
  });

  it("streams messages by seq: repeats are ignored, gaps wait, and close truncates what still runs", async () => {
    const { keyFor } = await createKeyWorkspace();
    const key = await keyFor("author");
    const run = await openRun(key);
    await call(appendRoute, {
      key,
      params: { id: run },
      body: { items: [item("s/1", { status: "running", messages: [{ role: "user", content: "go" }] })] },
    });
    const send = (seq: number, content: string) =>
      call(appendMessagesRoute, {
        key,
        params: { id: run, key: "s/1" },
        body: { seq, messages: [{ role: "assistant", content }] },
      });
    expect((await send(1, "one")).body).toEqual({ status: "appended", appliedSeq: 1, messageCount: 2 });
    expect((await send(1, "one again")).body.status).toBe("duplicate");
    expect((await send(3, "three")).body).toEqual({ status: "waiting", appliedSeq: 1, messageCount: 2 });
    expect((await send(3, "three")).body.status).toBe("duplicate");
    expect((await send(2, "two")).body).toEqual({ status: "appended", appliedSeq: 3, messageCount: 4 });
    await send(5, "five, never preceded by four");
    const [rollout] = await db.select().from(rollouts).where(eq(rollouts.runId, run));
    const texts = await db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.rolloutId, rollout.id))
      .orderBy(messages.index);
    expect(texts.map((m) => m.text)).toEqual(["go", "one", "two", "three"]);

    const missing = await call(appendMessagesRoute, {
      key,
      params: { id: run, key: "nope" },
      body: { seq: 1, messages: [{ role: "user", content: "x" }] },
    });
    expect(missing.status).toBe(404);

    const closed = await call(closeRoute, { key, params: { id: run }, body: {} });
    expect(closed.body).toMatchObject({ status: "completed", truncated: 1 });
    const [after] = await db.select().from(rollouts).where(eq(rollouts.runId, run));
    expect(after.status).toBe("truncated");
    expect((await send(4, "too late")).status).toBe(409);
    const late = await call(appendRoute, { key, params: { id: run }, body: { items: [item("late")] } });
    expect(late.status).toBe(409);
  });

  it("indexes a streamed rollout again after an append: old and new messages found, each once", async () => {
    const { keyFor, workspace } = await createKeyWorkspace();
    const key = await keyFor("author");
    const run = await openRun(key);
    const started = item("s/2", { status: "running", messages: [{ role: "user", content: "zanzibar" }] });
    await call(appendRoute, { key, params: { id: run }, body: { items: [started] } });
    await indexAllPendingRollouts({ workspaceId: workspace.id });
    const appended = await call(appendMessagesRoute, {
      key,
      params: { id: run, key: "s/2" },
      body: { seq: 1, messages: [{ role: "assistant", content: "quokka" }] },
    });
    expect(appended.body.status).toBe("appended");
    await indexAllPendingRollouts({ workspaceId: workspace.id });

    const [rollout] = await db.select().from(rollouts).where(eq(rollouts.runId, run));
    const rows = await db
      .select({ index: messageSearch.messageIndex })
      .from(messageSearch)
      .where(eq(messageSearch.rolloutId, rollout.id))
      .orderBy(messageSearch.messageIndex);
    expect(rows.map((r) => r.index)).toEqual([0, 1]);
    const reviewer = await keyFor("reviewer");
    for (const q of ["zanzibar", "quokka"]) {
      const found = await call(listRoute, { key: reviewer, query: `?run=${run}&q=${q}` });
      expect(found.body.items.map((i: { id: string }) => i.id)).toEqual([rollout.id]);
    }
  });

  it("answers 429 with Retry-After when writers are busy, and stores nothing of the refused batch", async () => {
    const { keyFor } = await createKeyWorkspace();
    const key = await keyFor("author");
    const run = await openRun(key);
    let release: () => void = () => {};
    const gate = createIngestGate({ maxActive: 1, maxWaiting: 0 });
    setIngestGate(gate);
    const busy = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const refused = await call(appendRoute, { key, params: { id: run }, body: { items: [item("x")] } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.body.error.code).toBe("rate_limited");
    release();
    await busy;
    expect(await db.select().from(rollouts).where(eq(rollouts.runId, run))).toHaveLength(0);
    const retried = await call(appendRoute, { key, params: { id: run }, body: { items: [item("x")] } });
    expect(retried.body.results[0].status).toBe("created");
  });

  it("keeps workspaces apart and lets no reviewer or buyer key append", async () => {
    const mine = await createKeyWorkspace();
    const theirs = await createKeyWorkspace();
    const author = await mine.keyFor("author");
    const run = await openRun(author);
    const outsider = await theirs.keyFor("owner");
    for (const handler of [appendRoute, closeRoute]) {
      const response = await call(handler, {
        key: outsider,
        params: { id: run },
        body: { items: [item("x")] },
      });
      expect(response.status).toBe(404);
    }
    expect((await call(stepsRoute, { key: outsider, params: { id: run } })).status).toBe(404);
    for (const role of ["reviewer", "buyer"] as const) {
      const key = await mine.keyFor(role);
      const response = await call(appendRoute, { key, params: { id: run }, body: { items: [item("x")] } });
      expect(response.status).toBe(404);
      expect((await call(openRunRoute, { key, body: { name: "nope" } })).status).toBe(404);
    }
    expect(await db.select().from(rollouts).where(eq(rollouts.runId, run))).toHaveLength(0);
    const reviewer = await mine.keyFor("reviewer");
    expect((await call(stepsRoute, { key: reviewer, params: { id: run } })).status).toBe(200);
  });

  it("reports per step: mean reward with spread, pass rate per task, give-up rate and tool mix", async () => {
    const { keyFor } = await createKeyWorkspace();
    const key = await keyFor("author");
    const run = await openRun(key);
    await call(appendRoute, {
      key,
      params: { id: run },
      body: {
        items: [
          item("1a", { step: 1, reward: 0 }),
          item("1b", { step: 1, reward: 1, task: "t2" }),
          item("2a", { step: 2, reward: 1 }),
          item("2b", {
            step: 2,
            reward: 1,
            messages: [
              { role: "user", content: "q" },
              { role: "assistant", content: "GIVE UP: no access" },
            ],
          }),
        ],
      },
    });
    const steps = await call(stepsRoute, { key, params: { id: run } });
    const [one, two] = steps.body.items;
    expect(one).toMatchObject({ step: 1, rollouts: 2, meanReward: 0.5, rewardStdDev: 0.5, passRate: 0.5 });
    expect(one.toolCalls).toEqual({ search: 2 });
    expect(one.tasks).toEqual([
      { task: "t1", rollouts: 1, scored: 1, passed: 0 },
      { task: "t2", rollouts: 1, scored: 1, passed: 1 },
    ]);
    expect(two).toMatchObject({ step: 2, passRate: 1, giveUpRate: 0.5, meanMessages: 3 });
  });
});
