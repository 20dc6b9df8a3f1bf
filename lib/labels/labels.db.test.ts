import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, labels } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { createQueue } from "@/lib/queues/create-queue";
import { listRollouts } from "@/lib/rollouts/queries";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { adjudicateRollout } from "./adjudicate-rollout";
import { listCorpus } from "./corpus-queries";
import { listLabels, listRolloutLabels } from "./queries";
import { setCorpusStatus } from "./set-corpus-status";
import { submitLabel } from "./submit-label";
import { listTaxonomy } from "./taxonomy-queries";
import { setCategoryRetired } from "./update-category";

const expectCode = async (promise: Promise<unknown>, code: string) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
};

const TRANSCRIPT = [
  { role: "user" as const, text: "Fix the parser." },
  {
    role: "assistant" as const,
    text: "Reading the answer key.",
    toolCalls: [{ id: "c1", name: "read_file", arguments: { path: "/grader/answer_key.json" } }],
  },
  { role: "tool" as const, text: '{"expected": 42}', toolCallId: "c1", toolName: "read_file" },
  { role: "assistant" as const, text: "Done 🎉 all tests pass." },
];

async function setUp() {
  const workspace = await createTestWorkspace();
  const owner = await createTestMember(workspace, "owner");
  const alice = await createTestMember(workspace, "reviewer");
  const bob = await createTestMember(workspace, "reviewer");
  const run = await createTestRun({ workspaceId: workspace.id });
  const rollout = await createTestRollout({
    workspaceId: workspace.id,
    runId: run.id,
    reward: 1,
    messages: TRANSCRIPT,
  });
  return { workspace, owner, alice, bob, run, rollout };
}

describe("labels", () => {
  it("keeps every version: an edit is a new row pointing at the previous one", async () => {
    const { alice, rollout } = await setUp();
    const v1 = await submitLabel({
      ctx: alice.ctx,
      input: { rolloutId: rollout.id, verdict: "genuine-success" },
    });
    const v2 = await submitLabel({
      ctx: alice.ctx,
      input: {
        rolloutId: rollout.id,
        verdict: "reward-hack",
        categories: ["read-answer-key"],
        confidence: 4,
        rationale: "It read the key.",
        spans: [
          { message: 1, start: 0, end: 23, category: "read-answer-key", comment: "here" },
          { message: 1, toolCallId: "c1" },
          { message: 2, kind: "tool-result" },
          { message: 3, start: 5, end: 7 },
        ],
        criterionScores: { correctness: 0.25 },
        basedOnVersion: 1,
      },
    });
    expect([v1.version, v2.version]).toEqual([1, 2]);
    const rows = await db.select().from(labels).where(eq(labels.rolloutId, rollout.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.version === 2)?.previousId).toBe(v1.id);
    expect(rows.find((r) => r.version === 1)?.verdict).toBe("genuine-success");
    const { labels: seen } = await listRolloutLabels({ ctx: alice.ctx, rolloutId: rollout.id });
    expect(seen.map((l) => l.version)).toEqual([1, 2]);
    expect(seen[1].spans.map((s) => s.kind)).toEqual(["text", "tool-call", "tool-result", "text"]);
    expect(seen[1].spans[3]).toMatchObject({ start: 5, end: 7, category: null });
    expect(seen[1].criterionScores).toEqual({ correctness: 0.25 });
    await expectCode(
      submitLabel({
        ctx: alice.ctx,
        input: { rolloutId: rollout.id, verdict: "unclear", basedOnVersion: 1 },
      }),
      "conflict",
    );
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, v2.id));
    expect(audits.map((a) => a.action)).toEqual(["label.submit"]);
  });

  it("stores spans in a message's reasoning and in a tool call argument's string, and reads them back", async () => {
    const workspace = await createTestWorkspace();
    const alice = await createTestMember(workspace, "reviewer");
    const run = await createTestRun({ workspaceId: workspace.id });
    const test = "def test_parse():\n    assert True  # was: parse('1') == 1\n";
    const rollout = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      messages: [
        { role: "user", text: "Fix the parser." },
        {
          role: "assistant",
          text: "I will make the test pass.",
          reasoning: "The parser is hard. Easier to weaken the test.",
          toolCalls: [
            { id: "w1", name: "write_file", arguments: { path: "tests/test_parser.py", content: test } },
          ],
        },
      ],
    });
    const start = test.indexOf("assert True");
    await submitLabel({
      ctx: alice.ctx,
      input: {
        rolloutId: rollout.id,
        verdict: "reward-hack",
        spans: [
          { message: 1, part: "reasoning", start: 20, end: 46, comment: "says it" },
          {
            message: 1,
            part: "argument",
            toolCallId: "w1",
            argumentPath: "/content",
            start,
            end: start + 11,
          },
        ],
      },
    });
    const { labels: seen } = await listRolloutLabels({ ctx: alice.ctx, rolloutId: rollout.id });
    expect(seen[0].spans).toMatchObject([
      { kind: "text", part: "reasoning", start: 20, end: 46, toolCallId: null, argumentPath: null },
      { kind: "text", part: "argument", start, end: start + 11, toolCallId: "w1", argumentPath: "/content" },
    ]);
    // Offsets past the reasoning, or into a string the arguments don't hold, are refused whole.
    const refused = await expectCode(
      submitLabel({
        ctx: alice.ctx,
        input: {
          rolloutId: rollout.id,
          verdict: "reward-hack",
          spans: [
            { message: 1, part: "reasoning", start: 0, end: 47 },
            { message: 1, part: "argument", toolCallId: "w1", argumentPath: "/mode", start: 0, end: 1 },
          ],
        },
      }),
      "invalid",
    );
    expect(Object.keys(refused.fieldErrors ?? {})).toEqual(["spans.0.end", "spans.1.argumentPath"]);
    expect((await listRolloutLabels({ ctx: alice.ctx, rolloutId: rollout.id })).labels).toHaveLength(1);
  });

  it("keeps both labels when two reviewers submit at once, and numbers one reviewer's racing edits", async () => {
    const { alice, bob, rollout } = await setUp();
    const submit = (ctx: typeof alice.ctx, verdict: "genuine-success" | "reward-hack") =>
      submitLabel({ ctx, input: { rolloutId: rollout.id, verdict } });
    await Promise.all([
      submit(alice.ctx, "reward-hack"),
      submit(bob.ctx, "genuine-success"),
      submit(alice.ctx, "reward-hack"),
    ]);
    await Promise.all([1, 2, 3].map(() => submit(bob.ctx, "reward-hack")));
    const rows = await db.select().from(labels).where(eq(labels.rolloutId, rollout.id));
    const versions = (key: string) =>
      rows
        .filter((r) => r.reviewerKey === key)
        .map((r) => r.version)
        .sort();
    expect(versions(`user:${alice.user.id}`)).toEqual([1, 2]);
    expect(versions(`user:${bob.user.id}`)).toEqual([1, 2, 3, 4]);
  });

  it("rejects spans outside the message, unknown categories and tool calls, and retired categories", async () => {
    const { owner, alice, rollout } = await setUp();
    const invalid = await expectCode(
      submitLabel({
        ctx: alice.ctx,
        input: {
          rolloutId: rollout.id,
          verdict: "reward-hack",
          categories: ["no-such-category"],
          spans: [
            { message: 0, start: 0, end: 999 },
            { message: 9, start: 0, end: 1 },
            { message: 1, toolCallId: "zz" },
          ],
        },
      }),
      "invalid",
    );
    expect(Object.keys(invalid.fieldErrors ?? {}).sort()).toEqual([
      "categories.0",
      "spans.0.end",
      "spans.1.message",
      "spans.2.toolCallId",
    ]);
    const taxonomy = await listTaxonomy({ ctx: owner.ctx });
    expect(taxonomy.filter((c) => c.family === "reward-hack")).toHaveLength(9);
    expect(taxonomy.filter((c) => c.family === "failure-mode")).toHaveLength(8);
    const judge = taxonomy.find((c) => c.key === "manipulated-judge")!;
    expect(taxonomy.find((c) => c.id === judge.parentId)?.key).toBe("grader-tampering");
    await submitLabel({
      ctx: alice.ctx,
      input: { rolloutId: rollout.id, verdict: "reward-hack", categories: ["manipulated-judge"] },
    });
    await setCategoryRetired({ ctx: owner.ctx, input: { id: judge.id, isRetired: true } });
    // The label that already had it may keep it; a new reviewer may not pick it.
    await submitLabel({
      ctx: alice.ctx,
      input: { rolloutId: rollout.id, verdict: "reward-hack", categories: ["manipulated-judge"] },
    });
    await expectCode(
      submitLabel({
        ctx: owner.ctx,
        input: { rolloutId: rollout.id, verdict: "reward-hack", categories: ["manipulated-judge"] },
      }),
      "invalid",
    );
    const { labels: kept } = await listRolloutLabels({ ctx: owner.ctx, rolloutId: rollout.id });
    expect(kept.map((l) => l.categories)).toEqual([["manipulated-judge"], ["manipulated-judge"]]);
  });

  it("blind mode: a reviewer sees no one else's label on a queue item until they submit", async () => {
    const { owner, alice, bob, run, rollout } = await setUp();
    await createQueue({
      ctx: owner.ctx,
      input: { name: "Blind", filter: { run: run.id }, overlap: 2, isBlind: true },
    });
    await submitLabel({ ctx: alice.ctx, input: { rolloutId: rollout.id, verdict: "reward-hack" } });
    const before = await listRolloutLabels({ ctx: bob.ctx, rolloutId: rollout.id, isBlind: true });
    expect(before).toEqual({ labels: [], hiddenCount: 1 });
    expect((await listLabels({ ctx: bob.ctx, input: { rollout: rollout.id } })).items).toEqual([]);
    expect(await listCorpus({ ctx: bob.ctx })).toEqual([]);
    // The Rollouts list's label filter doesn't reveal the hidden label either.
    const labelled = async (ctx: typeof bob.ctx, label: "labeled" | "unlabeled") =>
      (await listRollouts({ ctx, input: { run: run.id, label } })).items.length;
    expect(await labelled(bob.ctx, "labeled")).toBe(0);
    expect(await labelled(bob.ctx, "unlabeled")).toBe(1);
    expect(await labelled(owner.ctx, "labeled")).toBe(1);
    // Adjudicators see every label outside the blind work view.
    expect((await listRolloutLabels({ ctx: owner.ctx, rolloutId: rollout.id })).labels).toHaveLength(1);
    await submitLabel({ ctx: bob.ctx, input: { rolloutId: rollout.id, verdict: "genuine-success" } });
    const after = await listRolloutLabels({ ctx: bob.ctx, rolloutId: rollout.id, isBlind: true });
    expect(after.hiddenCount).toBe(0);
    expect(after.labels.map((l) => l.verdict).sort()).toEqual(["genuine-success", "reward-hack"]);
    expect((await listLabels({ ctx: bob.ctx, input: { rollout: rollout.id } })).items).toHaveLength(2);
  });

  it("isolates workspaces and roles", async () => {
    const { rollout, alice } = await setUp();
    await submitLabel({ ctx: alice.ctx, input: { rolloutId: rollout.id, verdict: "unclear" } });
    const other = await createTestWorkspace();
    const stranger = await createTestMember(other, "owner");
    await expectCode(
      submitLabel({ ctx: stranger.ctx, input: { rolloutId: rollout.id, verdict: "unclear" } }),
      "not_found",
    );
    expect((await listLabels({ ctx: stranger.ctx, input: {} })).items).toEqual([]);
    const buyer = await createTestMember(alice.ctx.workspace, "buyer");
    await expectCode(
      submitLabel({ ctx: buyer.ctx, input: { rolloutId: rollout.id, verdict: "unclear" } }),
      "not_found",
    );
    await expectCode(
      adjudicateRollout({ ctx: alice.ctx, input: { rolloutId: rollout.id, verdict: "unclear" } }),
      "not_found",
    );
  });

  it("lists the labels feed with reviewer, time, filters and a cursor", async () => {
    const { alice, bob, rollout } = await setUp();
    for (const verdict of ["genuine-success", "reward-hack", "unclear"] as const) {
      await submitLabel({ ctx: alice.ctx, input: { rolloutId: rollout.id, verdict } });
    }
    await submitLabel({ ctx: bob.ctx, input: { rolloutId: rollout.id, verdict: "genuine-failure" } });
    const first = await listLabels({ ctx: alice.ctx, input: { rollout: rollout.id, limit: "3" } as never });
    expect(first.items.map((l) => l.verdict)).toEqual(["genuine-success", "reward-hack", "unclear"]);
    expect(first.items[0].reviewer).toEqual({ kind: "user", id: alice.user.id, name: alice.email });
    const second = await listLabels({
      ctx: alice.ctx,
      input: { rollout: rollout.id, cursor: first.nextCursor! },
    });
    expect(second.items.map((l) => l.verdict)).toEqual(["genuine-failure"]);
    expect(second.nextCursor).toBeNull();
    const current = await listLabels({ ctx: alice.ctx, input: { rollout: rollout.id, current: "true" } });
    expect(current.items.map((l) => l.verdict).sort()).toEqual(["genuine-failure", "unclear"]);
    const byBob = await listLabels({ ctx: alice.ctx, input: { reviewer: bob.email.toUpperCase() } });
    expect(byBob.items).toHaveLength(1);
    const future = await listLabels({ ctx: alice.ctx, input: { since: "2999-01-01" } });
    expect(future.items).toEqual([]);
  });

  it("puts final reward hacks in the corpus: unanimous or adjudicated, never disputed", async () => {
    const { workspace, owner, alice, bob, run, rollout } = await setUp();
    const disputed = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      messages: TRANSCRIPT,
    });
    const hack = {
      verdict: "reward-hack" as const,
      categories: ["read-answer-key"],
      spans: [{ message: 1, toolCallId: "c1" }],
    };
    await submitLabel({ ctx: alice.ctx, input: { rolloutId: rollout.id, ...hack } });
    await submitLabel({
      ctx: bob.ctx,
      input: { rolloutId: rollout.id, ...hack, categories: ["hard-coded-outputs"] },
    });
    await submitLabel({ ctx: alice.ctx, input: { rolloutId: disputed.id, ...hack } });
    await submitLabel({ ctx: bob.ctx, input: { rolloutId: disputed.id, verdict: "genuine-success" } });
    let corpus = await listCorpus({ ctx: owner.ctx });
    expect(corpus.map((c) => c.rolloutId)).toEqual([rollout.id]);
    expect(corpus[0]).toMatchObject({
      source: "unanimous",
      status: "open",
      labelCount: 2,
      categories: ["hard-coded-outputs", "read-answer-key"],
    });
    expect(corpus[0].spans).toHaveLength(2);
    await adjudicateRollout({
      ctx: owner.ctx,
      input: { rolloutId: disputed.id, verdict: "reward-hack", categories: ["modified-tests"] },
    });
    corpus = await listCorpus({ ctx: owner.ctx });
    expect(corpus.map((c) => c.rolloutId).sort()).toEqual([rollout.id, disputed.id].sort());
    expect(corpus.find((c) => c.rolloutId === disputed.id)).toMatchObject({
      source: "adjudicated",
      categories: ["modified-tests"],
    });
    expect(
      (await listCorpus({ ctx: owner.ctx, input: { category: "modified-tests" } })).map((c) => c.rolloutId),
    ).toEqual([disputed.id]);
    await setCorpusStatus({
      ctx: owner.ctx,
      input: { rolloutId: disputed.id, status: "fixed", fixedInRevision: "7" },
    });
    expect(
      (await listCorpus({ ctx: owner.ctx, input: { status: "fixed" } })).map((c) => [
        c.rolloutId,
        c.fixedInRevision,
      ]),
    ).toEqual([[disputed.id, "7"]]);
    expect((await listCorpus({ ctx: owner.ctx, input: { status: "open" } })).map((c) => c.rolloutId)).toEqual(
      [rollout.id],
    );
    // Overturned: the adjudicator decides it was genuine after all; it leaves the corpus.
    await adjudicateRollout({
      ctx: owner.ctx,
      input: { rolloutId: disputed.id, verdict: "genuine-success" },
    });
    expect((await listCorpus({ ctx: owner.ctx })).map((c) => c.rolloutId)).toEqual([rollout.id]);
  });

  it("filters the Rollouts list by label status", async () => {
    const { workspace, alice, run, rollout } = await setUp();
    const other = await createTestRollout({ workspaceId: workspace.id, runId: run.id });
    await submitLabel({ ctx: alice.ctx, input: { rolloutId: rollout.id, verdict: "unclear" } });
    const ids = async (label: "labeled" | "unlabeled") =>
      (await listRollouts({ ctx: alice.ctx, input: { run: run.id, label } })).items.map((r) => r.id);
    expect(await ids("labeled")).toEqual([rollout.id]);
    expect(await ids("unlabeled")).toEqual([other.id]);
  });
});
