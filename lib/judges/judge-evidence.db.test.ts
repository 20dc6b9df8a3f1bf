import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { judgeVersions, judgments, labels, queueItems, users } from "@/db/schema";
import { type StandInProvider, startStandInProvider } from "@/lib/providers/testing/stand-in-provider";
import { getQueueAgreement } from "@/lib/queues/agreement-queries";
import { createQueue } from "@/lib/queues/create-queue";
import { buildCalibrationReport } from "./calibration";
import { createJudge } from "./create-judge";
import { getEnvironmentJudgeEvidence, getJudgeEvidence } from "./judge-evidence";
import { ensureCurrentVersion } from "./judge-versions";
import { createJudgeFixture } from "./testing/judge-fixture";

// The judge as evidence (report page, datasheet) and as a rater (queue agreement tables).

let standIn: StandInProvider;
beforeAll(async () => {
  standIn = await startStandInProvider();
});
afterAll(() => standIn.close());

describe("judge evidence", () => {
  it("says none, then not calibrated, and shows figures only for a deployed, calibrated version", async () => {
    const fixture = await createJudgeFixture(standIn);
    const { author, environment } = fixture;
    expect(await getJudgeEvidence(environment.id)).toEqual({ status: "none" });
    const judge = await createJudge({
      ctx: author.ctx,
      environmentSlug: environment.slug,
      input: { name: "grader", provider: fixture.provider.name },
    });
    const version = await ensureCurrentVersion({ ctx: author.ctx, judgeId: judge.id });
    expect(await getJudgeEvidence(environment.id)).toEqual({ status: "not-calibrated", judges: ["grader"] });

    // A calibration where the judge matches the experts on 120 rollouts, stored as the gate stores it.
    const items = Array.from({ length: 120 }, (_, i) => ({
      rolloutId: randomUUID(),
      criterionKey: "correct",
      type: "binary" as const,
      scaleMax: null,
      human: i % 2,
      judge: i % 2,
      isJudged: true,
    }));
    const report = buildCalibrationReport({ environmentId: environment.id, items });
    expect(report.isPassed).toBe(true);
    await db
      .update(judgeVersions)
      .set({
        calibration: report as unknown as Record<string, unknown>,
        isCalibrationPassed: true,
        status: "deployed",
        deployedAt: new Date(),
      })
      .where(eq(judgeVersions.id, version.id));
    const evidence = await getEnvironmentJudgeEvidence({ ctx: fixture.reviewer.ctx, slug: environment.slug });
    expect(evidence).toMatchObject({
      status: "calibrated",
      name: "grader",
      version: 1,
      models: ["judge-model"],
      bar: { minKappaLower: 0.6, minHeldOut: 30 },
      heldOut: { rollouts: report.heldOut.overall.rollouts, kappa: 1, accuracy: 1 },
    });
    expect(evidence.status === "calibrated" && evidence.criteria.map((c) => c.key)).toEqual(["correct"]);
    expect(JSON.stringify(evidence)).not.toContain("template");
  });
});

describe("the judge as a rater in a queue's agreement", () => {
  it("compares the judge's newest version with each reviewer's criterion scores", async () => {
    const fixture = await createJudgeFixture(standIn);
    const { author, workspace, environment } = fixture;
    const judge = await createJudge({
      ctx: author.ctx,
      environmentSlug: environment.slug,
      input: { name: "grader", provider: fixture.provider.name },
    });
    const version = await ensureCurrentVersion({ ctx: author.ctx, judgeId: judge.id });
    const [reviewer] = await db.select().from(users).where(eq(users.id, fixture.reviewer.user.id));
    const rollouts = await Promise.all([0, 1, 2, 3].map((i) => fixture.addRollout(`answer ${i}`)));
    // Reviewer 1,0,0,0 and judge 1,1,0,0 on "correct": observed .75, kappa .5.
    for (const [i, rollout] of rollouts.entries()) {
      await db.insert(labels).values({
        workspaceId: workspace.id,
        rolloutId: rollout.id,
        reviewerId: reviewer.id,
        reviewerKey: `user:${reviewer.id}`,
        reviewerName: reviewer.email,
        version: 1,
        verdict: i === 0 ? "genuine-success" : "genuine-failure",
        criterionScores: { correct: i === 0 ? 1 : 0 },
      });
      await db.insert(judgments).values({
        workspaceId: workspace.id,
        judgeVersionId: version.id,
        rolloutId: rollout.id,
        criterionKey: "correct",
        status: "scored",
        score: i < 2 ? 1 : 0,
        verdict: i < 2 ? "met" : "not-met",
        model: "judge-model",
      });
    }
    const queue = await createQueue({
      ctx: author.ctx,
      input: { name: "Audit", filter: { environment: environment.slug } },
    });
    expect((await db.select().from(queueItems).where(eq(queueItems.queueId, queue.id))).length).toBe(4);
    const { agreement } = await getQueueAgreement({ ctx: author.ctx, queueId: queue.id });
    const [pair] = agreement.criterionScores.judgeVsHuman;
    expect(agreement.criterionScores.judgeVsHuman).toHaveLength(1);
    expect(pair).toMatchObject({ nameA: "Judge grader v1", nameB: reviewer.email, n: 4 });
    expect(pair.observed).toBeCloseTo(0.75, 12);
    expect(pair.kappa).toBeCloseTo(0.5, 12);
    expect(agreement.criterionScores.others).toEqual([]);
  });
});
