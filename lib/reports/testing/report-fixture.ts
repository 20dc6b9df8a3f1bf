import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import {
  queueAssignments,
  queueItems,
  reviewQueues,
  rollouts,
  rubricCriteria,
  rubrics,
  taskRevisions,
  tasks,
} from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { adjudicateRollout } from "@/lib/labels/adjudicate-rollout";
import { ensureDefaultTaxonomy } from "@/lib/labels/ensure-default-taxonomy";
import { submitLabel } from "@/lib/labels/submit-label";
import { createTestEnvironment, createTestRollout, createTestRun } from "@/lib/rollouts/testing/factories";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";

// One environment with known answers for the report's database tests (the expected figures are
// worked out in the tests). Rollouts are inserted directly; labels and adjudications go through the
// review verbs, so the report reads final labels exactly as reviewers produce them.

type ScoringMode = "threshold" | "continuous" | "improvement";
const MINUTE = 60_000;
const T0 = new Date("2026-03-02T09:00:00.000Z");
const minutesAfter = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

export type ReportFixture = Awaited<ReturnType<typeof createReportFixture>>;

export async function createReportFixture() {
  const workspace = await createTestWorkspace();
  const owner = await createTestMember(workspace, "owner");
  const reviewer1 = await createTestMember(workspace, "reviewer");
  const reviewer2 = await createTestMember(workspace, "reviewer");
  await ensureDefaultTaxonomy(db, workspace.id);
  const environment = await createTestEnvironment({ workspaceId: workspace.id, slug: "report-env" });
  const other = await createTestEnvironment({ workspaceId: workspace.id, slug: "other-env" });
  const run = await createTestRun({ workspaceId: workspace.id });

  const createTask = async (
    key: string,
    scoringMode: ScoringMode,
    scoringThreshold: number | null,
    extra: Partial<typeof tasks.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(tasks)
      .values({ environmentId: environment.id, key, title: key, scoringMode, scoringThreshold, ...extra })
      .returning({ id: tasks.id });
    return row.id;
  };
  const alpha = await createTask("alpha", "threshold", 0.5);
  const beta = await createTask("beta", "continuous", null);
  const gamma = await createTask("gamma", "improvement", null, { bestKnownScore: 0.8 });
  const old = await createTask("old", "threshold", 0.5, { archivedAt: new Date() });
  const [otherTask] = await db
    .insert(tasks)
    .values({ environmentId: other.id, key: "alpha", title: "alpha", scoringThreshold: 0.5 })
    .returning({ id: tasks.id });

  const addRollout = async (
    taskId: string | null,
    model: string,
    reward: number | null,
    {
      scores = {},
      environmentId = environment.id,
    }: { scores?: Record<string, number>; environmentId?: string } = {},
  ) => {
    const row = await createTestRollout({
      workspaceId: workspace.id,
      runId: run.id,
      environmentId,
      model,
      reward,
      scores,
      messages: [
        { role: "user", text: "Reproduce the result." },
        { role: "assistant", text: "cat answer_key.json and copy the numbers" },
      ],
    });
    if (taskId) await db.update(rollouts).set({ taskId }).where(eq(rollouts.id, row.id));
    return row.id;
  };
  const addMany = (taskId: string, model: string, rewards: (number | null)[]) =>
    Promise.all(rewards.map((reward) => addRollout(taskId, model, reward)));

  // alpha (threshold 0.5): m-a passes 9 of 10, m-b 1 of 8.
  const alphaA = [
    await addRollout(alpha, "m-a", 1, { scores: { correctness: 1 } }),
    await addRollout(alpha, "m-a", 1, { scores: { correctness: 1 } }),
    await addRollout(alpha, "m-a", 1, { scores: { correctness: 1 } }),
    ...(await addMany(alpha, "m-a", [1, 1, 1, 1, 1, 1])),
    await addRollout(alpha, "m-a", 0.2, { scores: { correctness: 0 } }),
  ];
  const alphaB = [
    await addRollout(alpha, "m-b", 0.4, { scores: { correctness: 0 } }),
    ...(await addMany(alpha, "m-b", [0.6, 0.4, 0.4, 0.4, 0.4, 0.4, 0.4])),
  ];
  // beta (continuous, no threshold: needs 1): m-a 0 of 8, m-b 1 of 3 plus one unscored.
  const betaA = await addMany(beta, "m-a", [0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9]);
  const betaB = await addMany(beta, "m-b", [1, 0.5, 0.5, null]);
  // gamma (improvement, best known 0.8): m-a 1 of 2, m-b 0 of 1.
  const gammaA = [
    await addRollout(gamma, "m-a", 0.8, { scores: { depth: 3 } }),
    await addRollout(gamma, "m-a", 0.7),
  ];
  const gammaB = await addMany(gamma, "m-b", [0.1]);
  // Not in the report: an archived task's and an unlinked rollout (counted as unlinked), another environment's.
  await addRollout(old, "m-a", 1);
  await addRollout(null, "m-a", 1);
  await addRollout(otherTask.id, "m-a", 1, { environmentId: other.id });

  // A scale criterion on gamma's rubric: depth runs 0..4, so 2 and up is "met".
  const [rubric] = await db
    .insert(rubrics)
    .values({ workspaceId: workspace.id, environmentId: environment.id, taskId: gamma })
    .returning({ id: rubrics.id });
  await db.insert(rubricCriteria).values({
    rubricId: rubric.id,
    position: 0,
    key: "depth",
    title: "Depth",
    kind: "scale",
    scaleMax: 4,
    requirements: [],
    passExamples: [],
    failExamples: [],
  });

  const submitTestLabel = (ctx: Ctx, rolloutId: string, body: Record<string, unknown>) =>
    submitLabel({ ctx, input: { rolloutId, ...body } as Parameters<typeof submitLabel>[0]["input"] });
  // alpha m-a #0: both reviewers say genuine success (reviewer 1 first said failure, then edited it).
  await submitTestLabel(reviewer1.ctx, alphaA[0], {
    verdict: "genuine-failure",
    criterionScores: { correctness: 0 },
  });
  await submitTestLabel(reviewer1.ctx, alphaA[0], {
    verdict: "genuine-success",
    criterionScores: { correctness: 1 },
  });
  await submitTestLabel(reviewer2.ctx, alphaA[0], {
    verdict: "genuine-success",
    criterionScores: { correctness: 1 },
  });
  // alpha m-a #1: a reward hack, with a span.
  await submitTestLabel(reviewer1.ctx, alphaA[1], {
    verdict: "reward-hack",
    categories: ["read-answer-key"],
    criterionScores: { correctness: 0 },
    spans: [{ message: 1, start: 0, end: 12, category: "read-answer-key", comment: "reads the key" }],
  });
  // alpha m-a #2: reviewers disagree; the owner adjudicates a genuine failure (wrong result).
  await submitTestLabel(reviewer1.ctx, alphaA[2], {
    verdict: "genuine-success",
    criterionScores: { correctness: 1 },
  });
  await submitTestLabel(reviewer2.ctx, alphaA[2], {
    verdict: "genuine-failure",
    categories: ["incomplete"],
    criterionScores: { correctness: 0 },
  });
  await adjudicateRollout({
    ctx: owner.ctx,
    input: { rolloutId: alphaA[2], verdict: "genuine-failure", categories: ["wrong-result"] },
  });
  // alpha m-a #9 (reward 0.2): the grader missed a real success.
  await submitTestLabel(reviewer1.ctx, alphaA[9], {
    verdict: "grader-false-negative",
    criterionScores: { correctness: 1 },
  });
  // alpha m-b #0: a genuine failure.
  await submitTestLabel(reviewer1.ctx, alphaB[0], {
    verdict: "genuine-failure",
    categories: ["incomplete"],
    criterionScores: { correctness: 0 },
  });
  // beta m-a #0: a genuine failure with two categories.
  await submitTestLabel(reviewer1.ctx, betaA[0], {
    verdict: "genuine-failure",
    categories: ["incomplete", "hallucinated-facts"],
  });
  // beta m-b: one unclear, one disputed (never adjudicated).
  await submitTestLabel(reviewer1.ctx, betaB[1], { verdict: "unclear" });
  await submitTestLabel(reviewer1.ctx, betaB[0], { verdict: "genuine-success" });
  await submitTestLabel(reviewer2.ctx, betaB[0], { verdict: "genuine-failure" });
  // gamma m-a #0: genuine success; the judge says depth 3 (met), the reviewer 1 (not met).
  await submitTestLabel(reviewer1.ctx, gammaA[0], {
    verdict: "genuine-success",
    criterionScores: { depth: 1 },
  });

  // Revisions: alpha's gaps 30, 20, 250 (a break) and 10 minutes; beta's single gap is a break.
  const revisions = [
    { taskId: alpha, minutes: [0, 30, 50, 300, 310] },
    { taskId: beta, minutes: [0, 180] },
    { taskId: old, minutes: [0, 5] },
  ];
  for (const { taskId, minutes } of revisions) {
    await db.insert(taskRevisions).values(
      minutes.map((m, i) => ({
        taskId,
        revision: i + 1,
        snapshot: {},
        hidden: {},
        authorKind: "user",
        createdAt: minutesAfter(m),
      })),
    );
  }

  // Review queue timing: 6 + 4 minutes on alpha #0, 10 on alpha #1; one left open for 3 h, one unfinished.
  const [queue] = await db
    .insert(reviewQueues)
    .values({ workspaceId: workspace.id, name: "q", seed: "s" })
    .returning({ id: reviewQueues.id });
  const addQueueItem = async (rolloutId: string, position: number) => {
    const [row] = await db
      .insert(queueItems)
      .values({ queueId: queue.id, workspaceId: workspace.id, rolloutId, position })
      .returning({ id: queueItems.id });
    return row.id;
  };
  const items = [
    await addQueueItem(alphaA[0], 0),
    await addQueueItem(alphaA[1], 1),
    await addQueueItem(alphaB[0], 2),
  ];
  const addAssignment = (itemId: string, reviewerId: string, start: number, end: number | null) =>
    db.insert(queueAssignments).values({
      queueId: queue.id,
      itemId,
      workspaceId: workspace.id,
      reviewerId,
      reservedAt: minutesAfter(start),
      expiresAt: minutesAfter(start + 30),
      completedAt: end === null ? null : minutesAfter(end),
    });
  await addAssignment(items[0], reviewer1.user.id, 0, 6);
  await addAssignment(items[0], reviewer2.user.id, 10, 14);
  await addAssignment(items[1], reviewer1.user.id, 20, 30);
  await addAssignment(items[2], reviewer1.user.id, 40, 220);
  await addAssignment(items[2], reviewer2.user.id, 50, null);

  return {
    workspace,
    owner,
    reviewer1,
    reviewer2,
    environment,
    rollouts: { alphaA, alphaB, betaA, betaB, gammaA, gammaB },
  };
}
