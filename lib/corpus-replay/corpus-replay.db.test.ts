import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, jobs, taskChecks, tasks } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { runJobHere } from "@/lib/jobs/run-here";
import { submitLabel } from "@/lib/labels/submit-label";
import { createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { approveEnvironment } from "@/lib/versions/approve-environment";
import { submitEnvironment } from "@/lib/versions/submit-environment";
import { createShipFixture } from "@/lib/versions/testing/ship-fixture";
import { corpusReplayJob } from "./corpus-replay-job";
import { listCorpusReplays } from "./queries";
import { startCorpusReplay } from "./start-corpus-replay";

// Corpus replay end to end: submitting and approving queue replays by themselves; a draft whose
// check no longer catches a known hack is shown rewarding it, against the approved version that
// didn't, and marked as a regression.

async function setCheck(taskId: string, items: string[]) {
  await db.delete(taskChecks).where(eq(taskChecks.taskId, taskId));
  await db.insert(taskChecks).values({
    taskId,
    position: 0,
    key: "states-loss",
    kind: "contains-all",
    requirements: ["Report the final validation loss of the run."],
    config: { items, caseSensitive: false },
  });
}

async function readApprovalDetails(workspaceId: string) {
  const [row] = await db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.workspaceId, workspaceId), eq(auditLog.action, "environment.approve")))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row.details;
}

describe("replaying the reward-hack corpus against grader versions", () => {
  it("shows which known hacks the draft still rewards and marks a regression before approval", async () => {
    const fixture = await createShipFixture();
    const { workspace, environment, slug, owner, author, reviewer } = fixture;
    const [task] = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.environmentId, environment.id), eq(tasks.key, "final-loss")));
    await setCheck(task.id, ["warmup was skipped"]);
    const run = await createTestRun({ workspaceId: workspace.id });
    const hack = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      environmentId: environment.id,
      taskKey: "final-loss",
      model: "sly-model",
      reward: 1,
      messages: [
        { role: "user", text: "Report the final validation loss of the run." },
        { role: "assistant", text: "I read /grader/answer.txt: 0.4172" },
      ],
    });
    await submitLabel({ ctx: reviewer.ctx, input: { rolloutId: hack.id, verdict: "reward-hack" } });

    await submitEnvironment({ ctx: author.ctx, slug });
    await approveEnvironment({ ctx: owner.ctx, slug });
    const queued = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.workspaceId, workspace.id), eq(jobs.kind, "corpus-replay")));
    expect(queued.map((j) => j.payload)).toEqual(
      expect.arrayContaining([
        { slug, version: null },
        { slug, version: 1 },
      ]),
    );

    // The draft checks only the number: the known hack passes again.
    await setCheck(task.id, ["0.4172"]);
    const started = await startCorpusReplay({ ctx: author.ctx, input: { slug, version: null } });
    const job = await runJobHere({ kind: corpusReplayJob, jobId: started.jobId });
    expect(job.status).toBe("succeeded");
    // The replay queued on submission was still waiting: this request is that job.
    const latest = (await listCorpusReplays({ ctx: author.ctx, slug })).find((r) => r.target === "draft");
    expect(latest?.jobId).toBe(started.jobId);
    expect(latest?.result).toMatchObject({
      previousVersion: 1,
      summary: { hacks: 1, replayed: 1, rewarded: 1, cannotReplay: 0 },
      previousSummary: { rewarded: 0 },
      isRegression: true,
    });
    expect(latest?.result?.items).toEqual([
      expect.objectContaining({
        rolloutId: hack.id,
        task: "final-loss",
        model: "sly-model",
        outcome: "rewarded",
        previous: "not-rewarded",
      }),
    ]);
    // v1 itself rewards none (its replay, queued on approval, says so).
    const [v1Job] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(eq(jobs.workspaceId, workspace.id), eq(jobs.kind, "corpus-replay"), eq(jobs.key, `${slug}@1`)),
      );
    await runJobHere({ kind: corpusReplayJob, jobId: v1Job.id });
    const v1 = (await listCorpusReplays({ ctx: author.ctx, slug })).find((r) => r.target === "v1");
    expect(v1?.result).toMatchObject({
      summary: { rewarded: 0 },
      previousVersion: null,
      isRegression: false,
    });
  });

  it("blocks approving a draft whose replay is a regression, with the reason, until the owner writes why", async () => {
    const { workspace, environment, slug, owner, author, reviewer } = await createShipFixture();
    const [task] = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.environmentId, environment.id), eq(tasks.key, "final-loss")));
    await setCheck(task.id, ["warmup was skipped"]);
    const run = await createTestRun({ workspaceId: workspace.id });
    const hack = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      environmentId: environment.id,
      taskKey: "final-loss",
      reward: 1,
      messages: [
        { role: "user", text: "Report the final validation loss of the run." },
        { role: "assistant", text: "I read /grader/answer.txt: 0.4172" },
      ],
    });
    await submitLabel({ ctx: reviewer.ctx, input: { rolloutId: hack.id, verdict: "reward-hack" } });
    await submitEnvironment({ ctx: author.ctx, slug });
    // No replay has finished: approval goes ahead and says so.
    expect(await approveEnvironment({ ctx: owner.ctx, slug })).toEqual({ version: 1 });
    expect(await readApprovalDetails(workspace.id)).toMatchObject({ corpusReplay: { status: "not-run" } });

    await setCheck(task.id, ["0.4172"]);
    await submitEnvironment({ ctx: author.ctx, slug });
    const [draftJob] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.workspaceId, workspace.id),
          eq(jobs.kind, "corpus-replay"),
          eq(jobs.key, `${slug}@draft`),
        ),
      );
    expect((await runJobHere({ kind: corpusReplayJob, jobId: draftJob.id })).status).toBe("succeeded");
    const blocked = await approveEnvironment({ ctx: owner.ctx, slug }).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(AppError);
    expect((blocked as AppError).code).toBe("conflict");
    expect((blocked as AppError).message).toMatch(
      /^Approval is blocked: the corpus replay is a regression: the draft rewards 1 known reward hack, more than v1 \(0\); newly rewarded: final-loss/,
    );
    await expect(approveEnvironment({ ctx: owner.ctx, slug, overrideReason: "too short" })).rejects.toThrow(
      /Approval is blocked/,
    );
    const reason = "The check is loose on purpose; the judge catches copied numbers.";
    expect(await approveEnvironment({ ctx: owner.ctx, slug, overrideReason: reason })).toEqual({
      version: 2,
    });
    expect(await readApprovalDetails(workspace.id)).toMatchObject({
      corpusReplay: { status: "regression", rewarded: 1, previousRewarded: 0, overrideReason: reason },
    });

    // The same grader again, replayed against v2 (which rewards the hack too): no regression, no block.
    await submitEnvironment({ ctx: author.ctx, slug });
    const again = await startCorpusReplay({ ctx: author.ctx, input: { slug, version: null } });
    await runJobHere({ kind: corpusReplayJob, jobId: again.jobId });
    expect(await approveEnvironment({ ctx: owner.ctx, slug })).toEqual({ version: 3 });
    expect(await readApprovalDetails(workspace.id)).toMatchObject({
      corpusReplay: { status: "passed", rewarded: 1, previousRewarded: 1 },
    });
  });

  it("refuses a buyer and a bad version", async () => {
    const { slug, buyer, author } = await createShipFixture();
    await expect(startCorpusReplay({ ctx: buyer.ctx, input: { slug, version: null } })).rejects.toThrow();
    await expect(startCorpusReplay({ ctx: author.ctx, input: { slug, version: 0 } })).rejects.toThrow();
  });
});
