import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { judges, judgments, queueAssignments, queueItems } from "@/db/schema";
import { runJobHere } from "@/lib/jobs";
import { getJob } from "@/lib/jobs/queries";
import { startStandInForFile } from "@/lib/providers/testing/stand-in-for-file";
import { createQueue } from "@/lib/queues/create-queue";
import { createTestEnvironment } from "@/lib/rollouts/testing/factories";
import { createJudge } from "./create-judge";
import { judgeJob } from "./judge-job";
import { listJudgingChoices } from "./judging-choices";
import { startJudging } from "./start-judging";
import { createJudgeFixture } from "./testing/judge-fixture";
import { answerAsJudge } from "./testing/judge-responder";

// "Judge these rollouts" over a Rollouts filter: exactly the rollouts it matched when started, with
// tokens and cost so far on the job; then rollouts where the judge contradicts the reward reach a
// "judge disagreements" review queue by themselves.

const standIn = startStandInForFile((request) => answerAsJudge(request));

async function setUp() {
  const fixture = await createJudgeFixture(standIn);
  const judge = await createJudge({
    ctx: fixture.author.ctx,
    environmentSlug: fixture.environment.slug,
    input: { name: "grader", provider: fixture.provider.name },
  });
  return { ...fixture, judge };
}

const queueRollouts = async (queueId: string) =>
  (await db.select({ id: queueItems.rolloutId }).from(queueItems).where(eq(queueItems.queueId, queueId)))
    .map((r) => r.id)
    .sort();

describe("judge these rollouts", () => {
  it("refuses a filter of another environment, one that matches nothing, and a malformed one", async () => {
    const { author, judge, workspace, addRollout } = await setUp();
    await addRollout("42", 1);
    const other = await createTestEnvironment({ workspaceId: workspace.id });
    const start = (filter: Record<string, string>) =>
      startJudging({ ctx: author.ctx, input: { judgeId: judge.id, filter } });
    await expect(start({ environment: other.slug })).rejects.toThrow(/grades .*; the filter asks for/);
    await expect(start({ minReward: "5" })).rejects.toThrow(/No rollout of .* matches this filter/);
    await expect(start({ minReward: "lots" })).rejects.toMatchObject({ code: "invalid" });
  });

  it("lists the judges that can grade a filter with how many rollouts each would judge", async () => {
    const { author, judge, environment, addRollout } = await setUp();
    await addRollout("42", 1);
    await addRollout("no", 0);
    const { choices } = await listJudgingChoices({ ctx: author.ctx, filter: { maxReward: "0.5" } });
    expect(choices).toEqual([
      { judgeId: judge.id, judge: "grader", environment: environment.slug, matching: 1 },
    ]);
    const none = await listJudgingChoices({ ctx: author.ctx, filter: { environment: "no-such-env" } });
    expect(none.choices).toEqual([]);
  });

  it("judges exactly the filtered rollouts as of the start, reports tokens and cost, and queues disagreements", async () => {
    const { author, judge, environment, addRollout } = await setUp();
    const agrees = await addRollout("It is 42.", 1);
    const judgeFails = await addRollout("No idea.", 1);
    const judgePasses = await addRollout("42", 0);
    const queue = await createQueue({
      ctx: author.ctx,
      input: {
        name: "Judge disagreements",
        filter: { environment: environment.slug },
        sampling: "judge-disagreements",
      },
    });
    expect(queue.itemCount).toBe(0);

    const started = await startJudging({
      ctx: author.ctx,
      input: { judgeId: judge.id, filter: { minReward: "0.5", sort: "oldest", cursor: "x" } },
    });
    expect(started.matching).toBe(2);
    const late = await addRollout("42", 1); // arrives after the start: not judged by this job
    const finished = await runJobHere({ kind: judgeJob, jobId: started.job.id });
    expect(finished).toMatchObject({ status: "succeeded", total: 2, done: 2, failed: 0 });
    const rows = await db.select().from(judgments).where(eq(judgments.jobId, started.job.id));
    expect(new Set(rows.map((r) => r.rolloutId))).toEqual(new Set([agrees.id, judgeFails.id]));
    expect(rows).toHaveLength(4);

    const job = await getJob({ ctx: author.ctx, id: started.job.id });
    const sum = (key: "inputTokens" | "outputTokens" | "costUsd") => rows.reduce((n, r) => n + r[key], 0);
    expect(job.usage?.inputTokens).toBe(sum("inputTokens"));
    expect(job.usage?.outputTokens).toBe(sum("outputTokens"));
    expect(job.usage?.costUsd).toBeCloseTo(sum("costUsd"), 12);
    expect(job.usage?.inputTokens).toBeGreaterThan(0);
    expect(job.result).toMatchObject({ judged: 2, sentToReview: 1 });

    // The judge failed a rollout the reward passed: it went to the queue without a sync.
    expect(await queueRollouts(queue.id)).toEqual([judgeFails.id]);

    // Judging the rest adds the opposite contradiction; agreeing rollouts never join.
    const rest = await startJudging({ ctx: author.ctx, input: { judgeId: judge.id, filter: {} } });
    expect(rest.matching).toBe(4);
    await runJobHere({ kind: judgeJob, jobId: rest.job.id });
    expect(await queueRollouts(queue.id)).toEqual([judgeFails.id, judgePasses.id].sort());
    expect(await queueRollouts(queue.id)).not.toContain(late.id);
    expect(await queueRollouts(queue.id)).not.toContain(agrees.id);

    // A new judge version that passes every answer agrees with the reward on judgeFails: it leaves
    // the queue; judgePasses (reward 0) still disagrees and stays.
    await db.update(judges).set({ temperature: 0.3 }).where(eq(judges.id, judge.id));
    standIn.respondWith((request) => answerAsJudge(request, (criterion) => criterion.scaleMax ?? 1));
    const again = await startJudging({ ctx: author.ctx, input: { judgeId: judge.id, filter: {} } });
    await runJobHere({ kind: judgeJob, jobId: again.job.id });
    expect(await queueRollouts(queue.id)).toEqual([judgePasses.id]);
  });

  it("keeps a disagreement a reviewer has taken in the queue when a re-judge agrees", async () => {
    const { author, judge, environment, addRollout } = await setUp();
    const taken = await addRollout("No idea.", 1);
    const queue = await createQueue({
      ctx: author.ctx,
      input: {
        name: "Disagreements",
        filter: { environment: environment.slug },
        sampling: "judge-disagreements",
      },
    });
    const first = await startJudging({ ctx: author.ctx, input: { judgeId: judge.id, filter: {} } });
    await runJobHere({ kind: judgeJob, jobId: first.job.id });
    const [item] = await db.select().from(queueItems).where(eq(queueItems.queueId, queue.id));
    expect(item?.rolloutId).toBe(taken.id);
    await db.insert(queueAssignments).values({
      queueId: queue.id,
      itemId: item.id,
      workspaceId: item.workspaceId,
      reviewerId: author.user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await db.update(judges).set({ temperature: 0.3 }).where(eq(judges.id, judge.id));
    standIn.respondWith((request) => answerAsJudge(request, (criterion) => criterion.scaleMax ?? 1));
    const again = await startJudging({ ctx: author.ctx, input: { judgeId: judge.id, filter: {} } });
    await runJobHere({ kind: judgeJob, jobId: again.job.id });
    expect(await queueRollouts(queue.id)).toEqual([taken.id]);
  });
});
