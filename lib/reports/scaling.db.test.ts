import { beforeAll, describe, expect, it } from "vitest";
import { compareModels, getEnvironmentReport } from "./queries";
import { createReportFixture, type ReportFixture } from "./testing/report-fixture";
import { updateCostRates } from "./update-cost-rates";

let fixture: ReportFixture;

beforeAll(async () => {
  fixture = await createReportFixture();
});

const rates = {
  authorHourlyRate: 100,
  reviewerHourlyRate: 60,
  judgeInputPricePerMillion: 2,
  judgeOutputPricePerMillion: 10,
  judgeInputTokensPerRollout: 10_000,
  judgeOutputTokensPerRollout: 1_000,
  rolloutsPerTask: 8,
  reviewedRolloutsPerTask: 2,
};

describe("scaling", () => {
  it("measures authoring from revision gaps under 2 h and review from timed queue work", async () => {
    const { scaling } = await getEnvironmentReport({ ctx: fixture.owner.ctx, slug: "report-env" });
    expect(scaling).toMatchObject({ tasks: 3, tasksWithRevisions: 2, revisions: 7, revisionsPerTask: 3.5 });
    expect(scaling.authoring.totalHours).toBeCloseTo(1, 9);
    // beta's only gap is a break: it was not timed, so it is left out of the mean and median (n = 1)
    // rather than counted as a task that took no time.
    expect(scaling.authoring.timedTasks).toBe(1);
    expect(scaling.authoring.meanHoursPerTask).toBeCloseTo(1, 9);
    expect(scaling.authoring.medianHoursPerTask).toBeCloseTo(1, 9);
    expect(scaling.review).toMatchObject({ labels: 13, labelledRollouts: 9, reviewers: 2, timedRollouts: 2 });
    expect(scaling.review.meanMinutesPerRollout).toBeCloseTo(10, 9);
    expect(scaling.review.reviewerHours).toBeCloseTo(1 / 3, 9);
    expect(scaling.rates.isDefault).toBe(true);
    // 1 h × $120 + 4 × (10/60) h × $80 + 16 × (20,000 × $3 + 1,500 × $15) / 1e6
    expect(scaling.costOfOneMoreTask.authoring).toBeCloseTo(120, 9);
    expect(scaling.costOfOneMoreTask.review).toBeCloseTo(160 / 3, 9);
    expect(scaling.costOfOneMoreTask.judge).toBeCloseTo(1.32, 9);
    expect(scaling.costOfOneMoreTask.total).toBeCloseTo(120 + 160 / 3 + 1.32, 9);
  });

  it("prices with the rates an owner saved; other roles may not save them", async () => {
    await expect(
      updateCostRates({ ctx: fixture.reviewer1.ctx, input: { environment: "report-env", ...rates } }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      updateCostRates({
        ctx: fixture.owner.ctx,
        input: { environment: "report-env", ...rates, reviewedRolloutsPerTask: 9 },
      }),
    ).rejects.toMatchObject({ code: "invalid" });
    await updateCostRates({ ctx: fixture.owner.ctx, input: { environment: "report-env", ...rates } });
    await updateCostRates({
      ctx: fixture.owner.ctx,
      input: { environment: "report-env", ...rates, authorHourlyRate: 90 },
    });
    const { scaling } = await getEnvironmentReport({ ctx: fixture.reviewer1.ctx, slug: "report-env" });
    expect(scaling.rates).toMatchObject({ ...rates, authorHourlyRate: 90, isDefault: false });
    expect(scaling.costOfOneMoreTask.authoring).toBeCloseTo(90, 9);
    expect(scaling.costOfOneMoreTask.review).toBeCloseTo(2 * (10 / 60) * 60, 9);
    expect(scaling.costOfOneMoreTask.judge).toBeCloseTo(8 * 0.03, 9);
  });
});

describe("paired comparison", () => {
  it("finds the tasks one model passes and the other does not", async () => {
    const comparison = await compareModels({
      ctx: fixture.reviewer1.ctx,
      slug: "report-env",
      input: { a: "m-a", b: "m-b" },
    });
    expect(comparison).toMatchObject({ sharedTasks: 3, both: 0, aOnly: 2, bOnly: 0, neither: 1 });
    expect(comparison.aNotB.map((t) => t.task)).toEqual(["alpha", "gamma"]);
    expect(comparison.mcnemar).toEqual({ discordant: 2, pValue: 0.5 });
    const reversed = await compareModels({
      ctx: fixture.reviewer1.ctx,
      slug: "report-env",
      input: { a: "m-b", b: "m-a" },
    });
    expect(reversed).toMatchObject({ aOnly: 0, bOnly: 2 });
    await expect(
      compareModels({ ctx: fixture.reviewer1.ctx, slug: "report-env", input: { a: "m-a", b: "m-a" } }),
    ).rejects.toMatchObject({
      code: "invalid",
    });
  });
});
