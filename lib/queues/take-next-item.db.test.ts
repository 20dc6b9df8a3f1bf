import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { labels, queueAssignments, queueItems } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { submitLabel } from "@/lib/labels/submit-label";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { createQueue } from "./create-queue";
import { takeNextItem } from "./take-next-item";

// The reservation race: however many "next item" calls run at once, no item is ever held by more
// than `overlap` reviewers. Runs on real Postgres (10 pooled connections) and on embedded PGlite.

async function setUp({ items, overlap, reviewers }: { items: number; overlap: number; reviewers: number }) {
  const workspace = await createTestWorkspace();
  const owner = await createTestMember(workspace, "owner");
  const run = await createTestRun({ workspaceId: workspace.id });
  for (let i = 0; i < items; i += 1) {
    await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      reward: i / items,
      messages: [{ role: "user", text: `task ${i}` }],
    });
  }
  const members: Ctx[] = [];
  for (let i = 0; i < reviewers; i += 1) members.push((await createTestMember(workspace, "reviewer")).ctx);
  const queue = await createQueue({
    ctx: owner.ctx,
    input: { name: "Race", filter: { run: run.id }, sampling: "all", overlap, isBlind: true },
  });
  return { workspace, owner, members, queue };
}

async function countHeldPerItem(queueId: string) {
  const rows = await db
    .select({
      itemId: queueItems.id,
      held: sql<number>`count(${queueAssignments.id}) filter (where ${queueAssignments.completedAt} is not null or ${queueAssignments.expiresAt} > now())::int`,
    })
    .from(queueItems)
    .leftJoin(queueAssignments, eq(queueAssignments.itemId, queueItems.id))
    .where(eq(queueItems.queueId, queueId))
    .groupBy(queueItems.id);
  return rows.map((r) => r.held);
}

describe("next item under concurrency", () => {
  it("hands 5 items × overlap 2 to exactly 10 of 12 reviewers calling 3 times each at once", async () => {
    const { members, queue } = await setUp({ items: 5, overlap: 2, reviewers: 12 });
    expect(queue.itemCount).toBe(5);
    const calls = members.flatMap((ctx) =>
      [0, 1, 2].map(() => takeNextItem({ ctx, input: { queueId: queue.id } })),
    );
    const results = await Promise.all(calls);
    const held = await countHeldPerItem(queue.id);
    expect(held).toHaveLength(5);
    expect(held.every((n) => n === 2)).toBe(true);
    // Each reviewer's three calls return the one item they hold (or all null).
    const perReviewer = members.map((_, r) => results.slice(r * 3, r * 3 + 3).map((t) => t?.itemId ?? null));
    for (const ids of perReviewer) expect(new Set(ids).size).toBe(1);
    expect(perReviewer.filter((ids) => ids[0] !== null)).toHaveLength(10);
    expect(perReviewer.filter((ids) => ids[0] === null)).toHaveLength(2);
  });

  it("never exceeds overlap 3 while 30 reviewers take and label 20 items until none is left", async () => {
    const { members, queue } = await setUp({ items: 20, overlap: 3, reviewers: 30 });
    let peak = 0;
    const work = async (ctx: Ctx) => {
      let done = 0;
      for (;;) {
        const item = await takeNextItem({ ctx, input: { queueId: queue.id } });
        if (!item) return done;
        peak = Math.max(peak, ...(await countHeldPerItem(queue.id)));
        await submitLabel({
          ctx,
          input: { rolloutId: item.rolloutId, queueId: queue.id, verdict: "genuine-success" },
        });
        done += 1;
      }
    };
    const done = await Promise.all(members.map(work));
    expect(done.reduce((a, b) => a + b, 0)).toBe(60);
    expect(peak).toBeLessThanOrEqual(3);
    expect(await countHeldPerItem(queue.id)).toEqual(Array(20).fill(3));
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(labels)
      .where(eq(labels.queueId, queue.id));
    expect(n).toBe(60);
  });

  it("gives an expired reservation's place to the next reviewer, and refuses the late submitter", async () => {
    const { members, queue } = await setUp({ items: 1, overlap: 1, reviewers: 2 });
    const [first, second] = members;
    const taken = await takeNextItem({ ctx: first, input: { queueId: queue.id } });
    expect(taken).not.toBeNull();
    expect(await takeNextItem({ ctx: second, input: { queueId: queue.id } })).toBeNull();
    await db
      .update(queueAssignments)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(
        and(
          eq(queueAssignments.itemId, taken!.itemId),
          eq(queueAssignments.reviewerId, (first.actor as { userId: string }).userId),
        ),
      );
    const again = await takeNextItem({ ctx: second, input: { queueId: queue.id } });
    expect(again?.itemId).toBe(taken!.itemId);
    const late = await submitLabel({
      ctx: first,
      input: { rolloutId: taken!.rolloutId, queueId: queue.id, verdict: "unclear" },
    }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(AppError);
    expect((late as AppError).code).toBe("conflict");
    expect(await countHeldPerItem(queue.id)).toEqual([1]);
  });

  it("releases a skipped item and moves on; skipping back is possible later", async () => {
    const { members, queue } = await setUp({ items: 2, overlap: 1, reviewers: 1 });
    const [me] = members;
    const a = await takeNextItem({ ctx: me, input: { queueId: queue.id } });
    const b = await takeNextItem({ ctx: me, input: { queueId: queue.id, skipItemId: a!.itemId } });
    expect(b?.itemId).not.toBe(a!.itemId);
    expect(await countHeldPerItem(queue.id)).toEqual(expect.arrayContaining([0, 1]));
    const back = await takeNextItem({ ctx: me, input: { queueId: queue.id, itemId: a!.itemId } });
    expect(back?.itemId).toBe(a!.itemId);
  });

  it("keeps assigned-only queues and other workspaces closed", async () => {
    const { workspace, owner, members } = await setUp({ items: 1, overlap: 1, reviewers: 2 });
    const run = await createTestRun({ workspaceId: workspace.id });
    await createTestRollout({ workspaceId: workspace.id, runId: run.id });
    const [assigned, outsider] = members;
    const privateQueue = await createQueue({
      ctx: owner.ctx,
      input: {
        name: "Assigned",
        filter: { run: run.id },
        reviewerIds: [(assigned.actor as { userId: string }).userId],
      },
    });
    expect(await takeNextItem({ ctx: assigned, input: { queueId: privateQueue.id } })).not.toBeNull();
    const refused = await takeNextItem({ ctx: outsider, input: { queueId: privateQueue.id } }).catch(
      (e: unknown) => e,
    );
    expect((refused as AppError).code).toBe("not_found");
    const elsewhere = await createTestMember(await createTestWorkspace(), "reviewer");
    const foreign = await takeNextItem({ ctx: elsewhere.ctx, input: { queueId: privateQueue.id } }).catch(
      (e: unknown) => e,
    );
    expect((foreign as AppError).code).toBe("not_found");
  });

  it("orders by the sampling: highest reward, unlabelled first, disagreements first", async () => {
    const workspace = await createTestWorkspace();
    const owner = await createTestMember(workspace, "owner");
    const [ann, ben, cat] = [
      await createTestMember(workspace, "reviewer"),
      await createTestMember(workspace, "reviewer"),
      await createTestMember(workspace, "reviewer"),
    ];
    const run = await createTestRun({ workspaceId: workspace.id });
    const make = (reward: number) => createTestRollout({ workspaceId: workspace.id, runId: run.id, reward });
    const low = await make(0.1);
    const high = await make(0.9);
    const mid = await make(0.5);
    const queue = (sampling: "highest-reward" | "unlabeled-first" | "disagreements-first") =>
      createQueue({
        ctx: owner.ctx,
        input: { name: sampling, filter: { run: run.id }, sampling, overlap: 3 },
      });
    const first = async (queueId: string, ctx: Ctx) =>
      (await takeNextItem({ ctx, input: { queueId } }))?.rolloutId;

    expect(await first((await queue("highest-reward")).id, cat.ctx)).toBe(high.id);
    // Newest first (mid) unless labels say otherwise: label mid and high outside any queue.
    await submitLabel({ ctx: ann.ctx, input: { rolloutId: mid.id, verdict: "genuine-success" } });
    await submitLabel({ ctx: ann.ctx, input: { rolloutId: high.id, verdict: "genuine-success" } });
    expect(await first((await queue("unlabeled-first")).id, ben.ctx)).toBe(low.id);
    // Ann and Ben disagree on high only: a third reviewer gets it first.
    await submitLabel({ ctx: ben.ctx, input: { rolloutId: high.id, verdict: "reward-hack" } });
    await submitLabel({ ctx: ben.ctx, input: { rolloutId: mid.id, verdict: "genuine-success" } });
    const disagreements = await queue("disagreements-first");
    const owner2 = await createTestMember(workspace, "author");
    expect(await first(disagreements.id, owner2.ctx)).toBe(high.id);
  });
});
