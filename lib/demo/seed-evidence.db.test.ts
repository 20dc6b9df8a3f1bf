import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { messages, rollouts, rubricCriteria, rubrics, tasks } from "@/db/schema";
import { getEnvironmentReport } from "@/lib/reports/queries";
import { createTestEnvironment } from "@/lib/rollouts/testing/factories";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { DEMO_TASK_SUBJECTS } from "./evidence-transcripts";
import { seedEvidence } from "./seed-evidence";

describe("the demo evidence seed", () => {
  it("fills the demo environment's report with every band, labels and an adjudication, once", async () => {
    const workspace = await createTestWorkspace();
    const owner = await createTestMember(workspace, "owner");
    await createTestMember(workspace, "author");
    await createTestMember(workspace, "reviewer");
    const environment = await createTestEnvironment({
      workspaceId: workspace.id,
      slug: "ai-safety-research",
    });
    const keys = ["design-experiment", "reproduce-redacted", "critique-flawed-paper", "governance-impact"];
    const rows = await db
      .insert(tasks)
      .values(
        keys.map((key, i) => ({
          environmentId: environment.id,
          key,
          title: key,
          scoringMode: i === 1 ? ("continuous" as const) : ("threshold" as const),
          scoringThreshold: i === 1 ? null : 0.6,
        })),
      )
      .returning({ id: tasks.id, key: tasks.key });
    const [rubric] = await db
      .insert(rubrics)
      .values({ workspaceId: workspace.id, environmentId: environment.id, taskId: rows[0].id })
      .returning({ id: rubrics.id });
    await db.insert(rubricCriteria).values({
      rubricId: rubric.id,
      position: 0,
      key: "controls",
      title: "Controls",
      requirements: [],
      passExamples: [],
      failExamples: [],
    });

    const first = await seedEvidence({ workspace, environment });
    expect(first).toEqual({ imported: 144, skipped: 0, labels: 12 });
    const report = await getEnvironmentReport({ ctx: owner.ctx, slug: "ai-safety-research" });
    expect(report.difficulty.bands).toMatchObject({ saturated: 2, "no-signal": 4, learnable: 6 });
    expect(report.robustness.disputed).toBe(0);
    expect(report.robustness.hackRateAmongRewarded).toMatchObject({ successes: 1 });
    expect(report.robustness.criteria.map((c) => c.criterion)).toEqual(["controls"]);
    expect(report.failures.examples.length).toBeGreaterThanOrEqual(3);
    expect(report.failures.bestModel?.model).toBe("frontier-a");

    expect(await seedEvidence({ workspace, environment })).toEqual({ imported: 0, skipped: 144, labels: 0 });

    // Every stored transcript is about its own task: what the agent wrote names the task's subject.
    const stored = await db
      .select({
        taskKey: rollouts.taskKey,
        linkedKey: tasks.key,
        reward: rollouts.reward,
        agentText: sql<string>`string_agg(${messages.text} || ' ' || coalesce(${messages.reasoning}, '') || ' ' || coalesce(${messages.toolCalls}::text, ''), ' ')`,
      })
      .from(rollouts)
      .innerJoin(tasks, eq(tasks.id, rollouts.taskId))
      .innerJoin(messages, eq(messages.rolloutId, rollouts.id))
      .where(and(eq(rollouts.environmentId, environment.id), inArray(messages.role, ["assistant", "tool"])))
      .groupBy(rollouts.id, tasks.key);
    expect(stored).toHaveLength(144);
    const offTopic = stored.filter(
      (r) => r.taskKey !== r.linkedKey || !r.agentText.includes(DEMO_TASK_SUBJECTS[r.linkedKey]),
    );
    expect(offTopic.map((r) => r.taskKey)).toEqual([]);
    expect(stored.filter((r) => r.reward === null || r.reward > 1)).toEqual([]);
  });
});
