import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { environments, judgeVersions, judgments, queueItems } from "@/db/schema";
import { listJudges } from "@/lib/judges/queries";
import { loadJudgeDisagreements } from "@/lib/queues/judge-disagreement-queries";
import { createTestMember, createTestWorkspace } from "@/lib/testing/factories";
import { DEMO_ENVIRONMENT, seedDemoEnvironments } from "./seed-environments";
import { seedEvidence } from "./seed-evidence";
import { DEMO_PROVIDER, markSeededDemoJudgments, seedDemoJudges } from "./seed-judges";

describe("the demo judge", () => {
  it("is calibrated against the demo's expert scores and deployed, with no network", async () => {
    const workspace = await createTestWorkspace();
    const owner = (await createTestMember(workspace, "owner")).ctx;
    await createTestMember(workspace, "author");
    await createTestMember(workspace, "reviewer");
    await seedDemoEnvironments(workspace);
    const [environment] = await db
      .select({ id: environments.id, slug: environments.slug })
      .from(environments)
      .where(and(eq(environments.workspaceId, workspace.id), eq(environments.slug, DEMO_ENVIRONMENT.slug)));
    await seedEvidence({ workspace, environment });
    const seeded = await seedDemoJudges({ workspace, environment });
    expect(seeded.labels).toBeGreaterThanOrEqual(100);
    const [version] = await db
      .select()
      .from(judgeVersions)
      .where(eq(judgeVersions.environmentId, environment.id));
    expect(version).toMatchObject({ status: "deployed", isCalibrationPassed: true });
    const report = version.calibration as {
      heldOut: { overall: { rollouts: number; kappa: { lower: number } } };
    };
    expect(report.heldOut.overall.rollouts).toBeGreaterThanOrEqual(30);
    expect(report.heldOut.overall.kappa.lower).toBeGreaterThanOrEqual(0.6);
    // Every figure of this version says it comes from seeded data (no model was called).
    const [summary] = await listJudges({ ctx: owner, environmentSlug: environment.slug });
    expect(summary.versions[0]).toMatchObject({
      seededJudgments: seeded.judgments,
      seeded: "seeded demo data: no model was called",
    });
    // A demo seeded before the marker (its judgments named the demo model) is marked on the next start.
    await db
      .update(judgments)
      .set({ model: DEMO_PROVIDER.model })
      .where(eq(judgments.judgeVersionId, version.id));
    expect(
      (await listJudges({ ctx: owner, environmentSlug: environment.slug }))[0].versions[0].seeded,
    ).toBeNull();
    expect(await markSeededDemoJudgments(workspace.id)).toBe(seeded.judgments);
    expect(await markSeededDemoJudgments(workspace.id)).toBe(0);
    expect(
      (await listJudges({ ctx: owner, environmentSlug: environment.slug }))[0].versions[0].seededJudgments,
    ).toBe(seeded.judgments);
    // The judge's slips against the reward wait in the "judge disagreements" queue.
    expect(seeded.queue.itemCount).toBeGreaterThan(0);
    const found = await loadJudgeDisagreements(
      db,
      (await db.select().from(queueItems).where(eq(queueItems.queueId, seeded.queue.id))).map(
        (i) => i.rolloutId,
      ),
    );
    expect(found.size).toBe(seeded.queue.itemCount);
    expect([...found.values()].every((d) => d.isAgainstReward)).toBe(true);
  });
});
