import type { StoredCostRates } from "./cost-rates";
import { type AuthoringFigures, type ReviewFigures, SESSION_GAP_HOURS } from "./scaling-query";

// The scaling section: how many tasks there are, what they took to write and review, and what one
// more task would cost at the environment's rates.
//
// Cost of one more task = authoring hours per task (observed mean) × author rate
//   + reviewed rollouts per task × review hours per rollout (observed mean) × reviewer rate
//   + rollouts per task × (judge input tokens × input price + output tokens × output price) / 1e6.
// A term without observed data is left out and named in `missing`, so the total is a lower bound.

export const AUTHORING_TIME_DEFINITION = `Sum of the gaps under ${SESSION_GAP_HOURS} h between a task's consecutive revisions; longer gaps are breaks and count nothing. A task with no such gap (saved once: imported, seeded or pasted) was not timed and is left out of the mean and median.`;
export const REVIEW_TIME_DEFINITION = `Reservation to completion of review-queue assignments finished within ${SESSION_GAP_HOURS} h; labels given outside a queue carry no time.`;

export type CostTerm = "authoring" | "review" | "judge";

export type ScalingSection = {
  tasks: number;
  tasksWithRevisions: number;
  revisions: number;
  revisionsPerTask: number | null;
  authoring: {
    definition: string;
    /** Tasks whose revisions were timed (a gap under the session gap): the n of mean and median. */
    timedTasks: number;
    totalHours: number;
    meanHoursPerTask: number | null;
    medianHoursPerTask: number | null;
  };
  review: {
    definition: string;
    labels: number;
    labelledRollouts: number;
    reviewers: number;
    timedRollouts: number;
    /** Measured reviewer hours (timed assignments only). */
    reviewerHours: number;
    meanMinutesPerRollout: number | null;
  };
  rates: StoredCostRates;
  costOfOneMoreTask: {
    authoring: number | null;
    review: number | null;
    judge: number;
    total: number;
    missing: CostTerm[];
  };
};

const HOUR = 3600;

export function priceOneMoreTask({
  rates,
  authoringHoursPerTask,
  reviewHoursPerRollout,
}: {
  rates: StoredCostRates;
  authoringHoursPerTask: number | null;
  reviewHoursPerRollout: number | null;
}): ScalingSection["costOfOneMoreTask"] {
  const authoring = authoringHoursPerTask === null ? null : authoringHoursPerTask * rates.authorHourlyRate;
  const review =
    reviewHoursPerRollout === null
      ? null
      : rates.reviewedRolloutsPerTask * reviewHoursPerRollout * rates.reviewerHourlyRate;
  const judgePerRollout =
    (rates.judgeInputTokensPerRollout * rates.judgeInputPricePerMillion +
      rates.judgeOutputTokensPerRollout * rates.judgeOutputPricePerMillion) /
    1_000_000;
  const judge = rates.rolloutsPerTask * judgePerRollout;
  const missing: CostTerm[] = [];
  if (authoring === null) missing.push("authoring");
  if (review === null) missing.push("review");
  return { authoring, review, judge, total: (authoring ?? 0) + (review ?? 0) + judge, missing };
}

export function buildScalingSection({
  tasks,
  authoring,
  review,
  rates,
}: {
  tasks: number;
  authoring: AuthoringFigures;
  review: ReviewFigures;
  rates: StoredCostRates;
}): ScalingSection {
  const meanHoursPerTask = authoring.meanSecondsPerTask === null ? null : authoring.meanSecondsPerTask / HOUR;
  const reviewHoursPerRollout =
    review.timedRollouts === 0 ? null : review.totalSeconds / review.timedRollouts / HOUR;
  return {
    tasks,
    tasksWithRevisions: authoring.tasksWithRevisions,
    revisions: authoring.revisions,
    revisionsPerTask:
      authoring.tasksWithRevisions === 0 ? null : authoring.revisions / authoring.tasksWithRevisions,
    authoring: {
      definition: AUTHORING_TIME_DEFINITION,
      timedTasks: authoring.timedTasks,
      totalHours: authoring.totalSeconds / HOUR,
      meanHoursPerTask,
      medianHoursPerTask:
        authoring.medianSecondsPerTask === null ? null : authoring.medianSecondsPerTask / HOUR,
    },
    review: {
      definition: REVIEW_TIME_DEFINITION,
      labels: review.labels,
      labelledRollouts: review.labelledRollouts,
      reviewers: review.reviewers,
      timedRollouts: review.timedRollouts,
      reviewerHours: review.totalSeconds / HOUR,
      meanMinutesPerRollout: reviewHoursPerRollout === null ? null : reviewHoursPerRollout * 60,
    },
    rates,
    costOfOneMoreTask: priceOneMoreTask({
      rates,
      authoringHoursPerTask: meanHoursPerTask,
      reviewHoursPerRollout,
    }),
  };
}
