import { Section } from "@/components/ui/section";
import { formatCountOf, formatDecimal, formatHours, formatMoney } from "@/lib/reports/format";
import type { ScalingSection as ScalingData } from "@/lib/reports/scaling";
import { formatCount } from "@/lib/rollouts/format";
import { CostRatesForm } from "./cost-rates-form";

const TERM_NAMES = { authoring: "authoring time", review: "review time", judge: "judge" } as const;

/** Scaling: how many tasks, what they took, and what one more costs at the environment's rates. */
export function ScalingSection({
  environment,
  scaling,
  canConfigure,
}: {
  environment: string;
  scaling: ScalingData;
  canConfigure: boolean;
}) {
  const { authoring, review, rates, costOfOneMoreTask: cost } = scaling;
  return (
    <Section
      title="Scaling"
      description="What the environment took to build and review, and the price of one more task."
    >
      <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Stat term="Tasks" value={formatCount(scaling.tasks)} testId="scaling-tasks" />
        <Stat
          term="Revisions"
          value={`${formatCount(scaling.revisions)} (${formatDecimal(scaling.revisionsPerTask, 1)} per task)`}
          testId="scaling-revisions"
        />
        <Stat
          term="Authoring time per task"
          value={`${formatHours(authoring.meanHoursPerTask)} mean, ${formatHours(authoring.medianHoursPerTask)} median`}
          hint={`${authoring.definition} n = ${authoring.timedTasks} of ${scaling.tasksWithRevisions} tasks timed.`}
          testId="authoring-time"
        />
        <Stat
          term="Review time per rollout"
          value={
            review.meanMinutesPerRollout === null
              ? "—"
              : `${formatDecimal(review.meanMinutesPerRollout, 1)} min`
          }
          hint={`${review.definition} n = ${review.timedRollouts} rollouts.`}
          testId="review-time"
        />
        <Stat
          term="Reviewer hours (timed)"
          value={formatHours(review.reviewerHours)}
          testId="reviewer-hours"
        />
        <Stat
          term="Labels"
          value={`${formatCountOf(review.labels, "label")} on ${formatCountOf(review.labelledRollouts, "rollout")} by ${formatCountOf(review.reviewers, "reviewer")}`}
          testId="labels"
        />
        <Stat
          term="Cost of one more task"
          value={formatMoney(cost.total)}
          hint={`Authoring ${formatMoney(cost.authoring)}, review ${formatMoney(cost.review)}, judge ${formatMoney(cost.judge)}${
            cost.missing.length > 0
              ? `; without ${cost.missing.map((t) => TERM_NAMES[t]).join(" and ")} (no data yet)`
              : ""
          }.`}
          testId="cost-per-task"
        />
      </dl>
      <p className="text-xs text-fg-muted">
        Rates{rates.isDefault ? " (defaults)" : ""}: author {formatMoney(rates.authorHourlyRate)}/h, reviewer{" "}
        {formatMoney(rates.reviewerHourlyRate)}/h, judge {formatMoney(rates.judgeInputPricePerMillion)} in and{" "}
        {formatMoney(rates.judgeOutputPricePerMillion)} out per million tokens,{" "}
        {formatCount(rates.judgeInputTokensPerRollout)} + {formatCount(rates.judgeOutputTokensPerRollout)}{" "}
        tokens per rollout, {rates.rolloutsPerTask} rollouts per task of which {rates.reviewedRolloutsPerTask}{" "}
        reviewed.
      </p>
      {canConfigure ? (
        <div data-print="hide">
          <CostRatesForm environment={environment} rates={rates} />
        </div>
      ) : null}
    </Section>
  );
}

function Stat({ term, value, hint, testId }: { term: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-md border border-border p-3">
      <dt className="text-xs text-fg-muted">{term}</dt>
      <dd className="mt-1 font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-fg-muted">{hint}</dd> : null}
    </div>
  );
}
