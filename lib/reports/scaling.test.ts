import { describe, expect, it } from "vitest";
import { DEFAULT_COST_RATES } from "./cost-rates";
import { buildScalingSection, priceOneMoreTask } from "./scaling";

const rates = { ...DEFAULT_COST_RATES, isDefault: true, updatedAt: null };

describe("the cost of one more task", () => {
  it("adds authoring, review and judge costs", () => {
    const cost = priceOneMoreTask({
      rates: {
        ...rates,
        authorHourlyRate: 100,
        reviewerHourlyRate: 60,
        reviewedRolloutsPerTask: 4,
        rolloutsPerTask: 10,
      },
      authoringHoursPerTask: 2.5,
      reviewHoursPerRollout: 0.25,
    });
    expect(cost.authoring).toBe(250);
    expect(cost.review).toBe(60);
    // 10 × (20,000 × $3 + 1,500 × $15) / 1e6 = 10 × 0.0825
    expect(cost.judge).toBeCloseTo(0.825, 12);
    expect(cost.total).toBeCloseTo(310.825, 9);
    expect(cost.missing).toEqual([]);
  });

  it("names the terms it has no data for and leaves them out", () => {
    const cost = priceOneMoreTask({ rates, authoringHoursPerTask: null, reviewHoursPerRollout: null });
    expect(cost.missing).toEqual(["authoring", "review"]);
    expect(cost.total).toBe(cost.judge);
  });
});

describe("the scaling section", () => {
  it("turns seconds into hours and per-rollout minutes", () => {
    const section = buildScalingSection({
      tasks: 4,
      authoring: {
        tasksWithRevisions: 2,
        timedTasks: 2,
        revisions: 7,
        totalSeconds: 7200,
        meanSecondsPerTask: 3600,
        medianSecondsPerTask: 3600,
      },
      review: {
        labels: 6,
        labelledRollouts: 5,
        reviewers: 2,
        timedAssignments: 3,
        timedRollouts: 2,
        totalSeconds: 600,
      },
      rates,
    });
    expect(section.revisionsPerTask).toBe(3.5);
    expect(section.authoring.totalHours).toBe(2);
    expect(section.authoring.meanHoursPerTask).toBe(1);
    expect(section.review.meanMinutesPerRollout).toBe(5);
    expect(section.review.reviewerHours).toBeCloseTo(1 / 6, 12);
    expect(section.costOfOneMoreTask.authoring).toBe(120);
    expect(section.costOfOneMoreTask.review).toBeCloseTo(4 * (5 / 60) * 80, 9);
  });
});
