import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, messages, rollouts } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { deleteRun } from "./delete-run";
import { buildFilterConditions } from "./filter-sql";
import { countRollouts, listRollouts, listRuns } from "./queries";
import { type RolloutSort, rolloutFilterInput } from "./schemas";
import { createTestEnvironment, createTestRollout, createTestRun } from "./testing/factories";
import { findInTranscript, getRollout, listMessages, listSiblingRollouts } from "./transcript-queries";

const expectCode = async (promise: Promise<unknown>, code: string) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
};

async function createContext(role: "owner" | "reviewer" = "owner"): Promise<Ctx> {
  const workspace = await createTestWorkspace();
  return (await createTestMember(workspace, role)).ctx;
}

/** Every page of a listing, following nextCursor. */
async function listAllPages(ctx: Ctx, input: Record<string, string>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await listRollouts({ ctx, input: { ...input, ...(cursor ? { cursor } : {}) } });
    ids.push(...page.items.map((i) => i.id));
    cursor = page.nextCursor ?? undefined;
    pages += 1;
  } while (cursor && pages < 100);
  return { ids, pages };
}

describe("listRollouts: keyset pagination", () => {
  it("walks every sort with no duplicates or skips, even with tied keys", async () => {
    const ctx = await createContext();
    const run = await createTestRun({ workspaceId: ctx.workspace.id });
    const base = new Date("2026-01-10T10:00:00.000Z");
    const rewards = [
      0.5,
      0.5,
      0.5,
      null,
      1,
      0,
      null,
      0.25,
      0.5,
      1,
      0.75,
      null,
      0,
      0.5,
      0.9,
      0.1,
      0.5,
      null,
      0.3,
      0.5,
      1,
      0.2,
      0.6,
    ];
    const ids: string[] = [];
    for (const [i, reward] of rewards.entries()) {
      // Groups of three share a timestamp, so the id must break ties.
      const createdAt = new Date(base.getTime() + Math.floor(i / 3) * 1000);
      ids.push(
        (await createTestRollout({ workspaceId: ctx.workspace.id, runId: run.id, reward, createdAt })).id,
      );
    }
    // Two rows apart by one microsecond only (a JS Date cursor would lose that difference).
    await db.execute(
      sql`update ${rollouts} set created_at = created_at + interval '1 microsecond' where ${rollouts.id} = ${ids[0]}`,
    );
    for (const sort of ["newest", "oldest", "reward-desc", "reward-asc"] as RolloutSort[]) {
      const whole = await listRollouts({ ctx, input: { sort, limit: 200 } });
      expect(whole.items).toHaveLength(rewards.length);
      expect(whole.nextCursor).toBeNull();
      // Pages of 3 end on the microsecond-bumped row for the time sorts.
      const paged = await listAllPages(ctx, { sort, limit: "3" });
      expect(paged.pages).toBe(8);
      expect(new Set(paged.ids).size).toBe(rewards.length);
      expect(paged.ids, sort).toEqual(whole.items.map((i) => i.id));
    }
    const byReward = (await listRollouts({ ctx, input: { sort: "reward-desc", limit: 200 } })).items.map(
      (i) => i.reward,
    );
    expect(byReward.slice(0, 3)).toEqual([1, 1, 1]);
    expect(byReward.slice(-4)).toEqual([null, null, null, null]);
    const newest = (await listRollouts({ ctx, input: { limit: 1 } })).items[0];
    expect(newest.id).toBe([ids[21], ids[22]].sort().at(-1));
  });

  it("rejects a tampered cursor with an invalid error", async () => {
    const ctx = await createContext();
    await expectCode(listRollouts({ ctx, input: { cursor: "eyJzIjoibmV3ZXN0In0" } }), "invalid");
  });
});

describe("listRollouts: filters", () => {
  it("filters by model, task, run, environment, reward, tool errors, label and date", async () => {
    const ctx = await createContext();
    const workspaceId = ctx.workspace.id;
    const env = await createTestEnvironment({ workspaceId });
    const runA = await createTestRun({ workspaceId });
    const runB = await createTestRun({ workspaceId });
    const toolError = [
      { role: "assistant" as const, toolCalls: [{ id: "c1", name: "bash", arguments: { cmd: "ls" } }] },
      { role: "tool" as const, toolCallId: "c1", text: "", error: "permission denied" },
    ];
    const jan = (day: number) => new Date(`2026-01-${String(day).padStart(2, "0")}T12:00:00Z`);
    await createTestRollout({
      workspaceId,
      runId: runA.id,
      model: "gpt-4.1",
      taskKey: "t1",
      reward: 1,
      createdAt: jan(1),
    });
    await createTestRollout({
      workspaceId,
      runId: runA.id,
      model: "gpt-4.1",
      taskKey: "t2",
      reward: 0.2,
      messages: toolError,
      createdAt: jan(5),
    });
    await createTestRollout({
      workspaceId,
      runId: runB.id,
      model: "claude",
      taskKey: "t1",
      reward: 0.6,
      environmentId: env.id,
      createdAt: jan(9),
    });
    await createTestRollout({
      workspaceId,
      runId: runB.id,
      model: "claude",
      taskKey: "t3",
      reward: null,
      messages: toolError,
      createdAt: jan(9),
    });
    const count = async (input: Record<string, string>) => (await listRollouts({ ctx, input })).items.length;
    expect(await count({})).toBe(4);
    expect(await count({ model: "gpt-4.1" })).toBe(2);
    expect(await count({ task: "t1" })).toBe(2);
    expect(await count({ run: runB.id })).toBe(2);
    expect(await count({ environment: env.slug })).toBe(1);
    expect(await count({ environment: "no-such-env" })).toBe(0);
    expect(await count({ minReward: "0.5" })).toBe(2);
    expect(await count({ maxReward: "0.5" })).toBe(1);
    expect(await count({ minReward: "0.1", maxReward: "0.7" })).toBe(2);
    expect(await count({ toolErrors: "yes" })).toBe(2);
    expect(await count({ toolErrors: "no" })).toBe(2);
    expect(await count({ label: "unlabeled" })).toBe(4);
    expect(await count({ label: "labeled" })).toBe(0);
    expect(await count({ from: "2026-01-05" })).toBe(3);
    expect(await count({ to: "2026-01-05" })).toBe(2);
    expect(await count({ from: "2026-01-02", to: "2026-01-08" })).toBe(1);
    expect(await count({ model: "claude", toolErrors: "yes", task: "t3" })).toBe(1);
    expect(await countRollouts({ ctx, input: { model: "claude" } })).toEqual({ count: 2, isCapped: false });
    const [first] = (await listRollouts({ ctx, input: { task: "t1", sort: "oldest" } })).items;
    const siblings = await listSiblingRollouts({
      ctx,
      rollout: { id: first.id, taskKey: "t1", environment: null },
    });
    expect(siblings.map((r) => r.model)).toEqual(["claude"]);
    const items = (await listRollouts({ ctx, input: { environment: env.slug } })).items;
    expect(items[0]).toMatchObject({
      model: "claude",
      task: "t1",
      reward: 0.6,
      environment: env.slug,
      messageCount: 1,
    });
  });
});

describe("listRollouts: full-text search", () => {
  it("finds rollouts by words in messages, reasoning and tool arguments, with highlighted snippets", async () => {
    const ctx = await createContext();
    const workspaceId = ctx.workspace.id;
    const run = await createTestRun({ workspaceId });
    const hack = await createTestRollout({
      workspaceId,
      runId: run.id,
      messages: [
        { role: "user", text: "Fix the failing parser tests." },
        {
          role: "assistant",
          text: "",
          reasoning: "The graders compare against stored outputs; let me look for them.",
        },
        {
          role: "assistant",
          text: "Reading it.",
          toolCalls: [{ id: "c1", name: "read_file", arguments: { path: "expected outputs of the grader" } }],
        },
      ],
    });
    await createTestRollout({
      workspaceId,
      runId: run.id,
      messages: [{ role: "user", text: "Deploy the billing service." }],
    });
    const page = await listRollouts({ ctx, input: { q: "grader" } });
    expect(page.items.map((i) => i.id)).toEqual([hack.id]);
    const snippet = page.items[0].snippet!;
    expect(snippet.messageIndex).toBe(1);
    expect(snippet.segments.filter((s) => s.isMatch).map((s) => s.text)).toEqual(["graders"]);
    expect(snippet.segments.map((s) => s.text).join("")).toContain("compare against stored outputs");
    expect((await listRollouts({ ctx, input: { q: '"billing service"' } })).items).toHaveLength(1);
    expect((await listRollouts({ ctx, input: { q: "parser -billing" } })).items.map((i) => i.id)).toEqual([
      hack.id,
    ]);
    expect((await listRollouts({ ctx, input: { q: "kubernetes" } })).items).toHaveLength(0);
    // Both plans (GIN first for rare words, scan in sort order for common ones) give the same rows.
    for (const strategy of ["index", "scan"] as const) {
      const conditions = buildFilterConditions(
        workspaceId,
        rolloutFilterInput.parse({ q: "grader" }),
        strategy,
      );
      const rows = await db
        .select({ id: rollouts.id })
        .from(rollouts)
        .where(and(...conditions));
      expect(rows.map((r) => r.id)).toEqual([hack.id]);
    }
    expect(await countRollouts({ ctx, input: { q: "parser" } })).toEqual({ count: 1, isCapped: false });
    expect((await listRollouts({ ctx, input: {} })).items.every((i) => i.snippet === null)).toBe(true);
  });
  it("marks a searched word in the snippet even when the other words are far from it", async () => {
    const ctx = await createContext();
    const run = await createTestRun({ workspaceId: ctx.workspace.id });
    // A long tool output: "wombat" 60 lines in, "platypus" 4,000 characters later (beyond the
    // snippet's window, which starts 300 characters before the first searched word).
    const lines = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `line${from + i} ok`).join("\n");
    const rollout = await createTestRollout({
      workspaceId: ctx.workspace.id,
      runId: run.id,
      messages: [
        { role: "user", text: "Run the suite." },
        {
          role: "tool",
          text: `${lines(0, 60)}\ncollected wombat results\n${lines(60, 400)}\nplatypus summary`,
        },
      ],
    });
    const page = await listRollouts({ ctx, input: { q: "wombat platypus" } });
    expect(page.items.map((i) => i.id)).toEqual([rollout.id]);
    const snippet = page.items[0].snippet!;
    expect(snippet.messageIndex).toBe(1);
    expect(snippet.segments.filter((s) => s.isMatch).map((s) => s.text)).toEqual(["wombat"]);
  });

  it("finds words inside paths and identifiers, such as answer_key.json", async () => {
    const ctx = await createContext();
    const run = await createTestRun({ workspaceId: ctx.workspace.id });
    const hack = await createTestRollout({
      workspaceId: ctx.workspace.id,
      runId: run.id,
      messages: [
        {
          role: "assistant",
          text: "",
          toolCalls: [{ id: "c1", name: "bash", arguments: { cmd: "cat /grader/answer_key.json" } }],
        },
      ],
    });
    for (const q of ["answer key", "answer_key.json", "grader"]) {
      expect(
        (await listRollouts({ ctx, input: { q } })).items.map((i) => i.id),
        q,
      ).toEqual([hack.id]);
    }
  });
});

describe("workspace isolation", () => {
  it("never shows another workspace's rollouts, messages or runs", async () => {
    const mine = await createContext();
    const theirs = await createContext();
    const theirRun = await createTestRun({ workspaceId: theirs.workspace.id });
    const secret = await createTestRollout({
      workspaceId: theirs.workspace.id,
      runId: theirRun.id,
      model: "shared-model",
      messages: [{ role: "user", text: "confidential zebra payload" }],
    });
    const myRun = await createTestRun({ workspaceId: mine.workspace.id });
    await createTestRollout({ workspaceId: mine.workspace.id, runId: myRun.id, model: "shared-model" });
    expect((await listRollouts({ ctx: mine, input: { model: "shared-model" } })).items).toHaveLength(1);
    expect((await listRollouts({ ctx: mine, input: { q: "zebra" } })).items).toHaveLength(0);
    expect((await listRollouts({ ctx: mine, input: { run: theirRun.id } })).items).toHaveLength(0);
    await expectCode(getRollout({ ctx: mine, id: secret.id }), "not_found");
    expect(await listMessages({ ctx: mine, rolloutId: secret.id, input: {} })).toEqual([]);
    expect((await findInTranscript({ ctx: mine, rolloutId: secret.id, q: "zebra" })).indexes).toEqual([]);
    await expectCode(deleteRun({ ctx: mine, input: { id: theirRun.id } }), "not_found");
    expect((await listRollouts({ ctx: theirs, input: { q: "zebra" } })).items.map((i) => i.id)).toEqual([
      secret.id,
    ]);
  });
});

describe("transcripts", () => {
  it("return what the source said about a message beyond its columns, such as its original role", async () => {
    const ctx = await createContext();
    const run = await createTestRun({ workspaceId: ctx.workspace.id });
    const rollout = await createTestRollout({
      workspaceId: ctx.workspace.id,
      runId: run.id,
      messages: [
        { role: "assistant", text: "", toolCalls: [{ id: "c1", name: "bash", arguments: {} }] },
        { role: "tool", text: "ok", toolCallId: "c1", metadata: { role: "user" } },
      ],
    });
    const window = await listMessages({ ctx, rolloutId: rollout.id, input: {} });
    expect(window.map((m) => m.metadata)).toEqual([null, { role: "user" }]);
  });
  it("returns windows of messages by index, cut to maxChars with the full length", async () => {
    const ctx = await createContext();
    const run = await createTestRun({ workspaceId: ctx.workspace.id });
    const list = Array.from({ length: 250 }, (_, i) => ({
      role: i % 2 ? ("assistant" as const) : ("user" as const),
      text: `message ${i} ${"x".repeat(i)}`,
    }));
    list[7] = { role: "assistant", text: "look at answer_key.json now" };
    const rollout = await createTestRollout({ workspaceId: ctx.workspace.id, runId: run.id, messages: list });
    const window = await listMessages({
      ctx,
      rolloutId: rollout.id,
      input: { offset: 100, limit: 100, maxChars: 120 },
    });
    expect(window.map((m) => m.index)).toEqual(Array.from({ length: 100 }, (_, i) => 100 + i));
    expect(window[50]).toMatchObject({
      role: "user",
      contentLength: list[150].text.length,
      toolCalls: [],
      parts: [],
    });
    expect(window[50].content).toHaveLength(120);
    expect(
      (await listMessages({ ctx, rolloutId: rollout.id, input: { offset: 240, limit: 100 } })).length,
    ).toBe(10);
    expect((await getRollout({ ctx, id: rollout.id })).messageCount).toBe(250);
    expect((await findInTranscript({ ctx, rolloutId: rollout.id, q: "answer_key" })).indexes).toEqual([7]);
    expect((await findInTranscript({ ctx, rolloutId: rollout.id, q: "message 24" })).indexes).toContain(24);
    await expectCode(getRollout({ ctx, id: "not-a-uuid" }), "not_found");
  });
});

describe("deleteRun", () => {
  it("lets an owner delete a run with its rollouts and messages, audited; reviewers may not", async () => {
    const owner = await createContext("owner");
    const reviewer = (await createTestMember(owner.workspace, "reviewer")).ctx;
    const run = await createTestRun({ workspaceId: owner.workspace.id });
    const keep = await createTestRun({ workspaceId: owner.workspace.id });
    const doomed = await createTestRollout({
      workspaceId: owner.workspace.id,
      runId: run.id,
      messages: [
        { role: "user", text: "a" },
        { role: "assistant", text: "b" },
      ],
    });
    await createTestRollout({ workspaceId: owner.workspace.id, runId: run.id });
    await createTestRollout({ workspaceId: owner.workspace.id, runId: keep.id });
    expect((await listRuns({ ctx: owner })).map((r) => [r.id, r.rolloutCount])).toEqual([
      [keep.id, 1],
      [run.id, 2],
    ]);
    await expectCode(deleteRun({ ctx: reviewer, input: { id: run.id } }), "not_found");
    expect(await deleteRun({ ctx: owner, input: { id: run.id } })).toEqual({
      id: run.id,
      deletedRollouts: 2,
    });
    expect((await listRollouts({ ctx: owner, input: {} })).items).toHaveLength(1);
    expect(await db.select().from(messages).where(eq(messages.rolloutId, doomed.id))).toHaveLength(0);
    const audit = await db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.workspaceId, owner.workspace.id), eq(auditLog.targetId, run.id)));
    expect(audit).toEqual([{ action: "run.delete", details: expect.objectContaining({ rollouts: 2 }) }]);
    await expectCode(deleteRun({ ctx: owner, input: { id: run.id } }), "not_found");
  });
});
