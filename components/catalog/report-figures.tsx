import { HackRateFigure } from "@/components/reports/hack-rate-figure";
import { IntervalText } from "@/components/reports/interval-text";
import { VerdictSources } from "@/components/scanners/verdict-sources";
import { Table, Td, Th } from "@/components/ui/table";
import type { BuyerReport, Wilson } from "@/lib/catalog/buyer-report";
import { BAND_LABELS, formatPercent } from "@/lib/catalog/format";
import { formatAuthoringTime } from "@/lib/reports/format";

// The report's figures as a buyer reads them: difficulty per model, failure analysis, robustness
// of the reward against human labels, and what the environment took to build.

/** One proportion, written as every report figure is (components/reports/interval-text.tsx). */
function Interval({ value }: { value: Wilson }) {
  return <IntervalText interval={value} />;
}

const Missing = () => <p className="text-sm text-fg-muted">Not measured for this version.</p>;

export function DifficultyFigures({ report }: { report: BuyerReport }) {
  const difficulty = report.difficulty;
  if (!difficulty || difficulty.models.length === 0) return <Missing />;
  return (
    <Table aria-label="Difficulty by model">
      <thead>
        <tr>
          <Th>Model</Th>
          <Th>Tasks</Th>
          <Th>Rollouts</Th>
          <Th>pass@1</Th>
          <Th>Pass rate</Th>
          <Th>Bands</Th>
        </tr>
      </thead>
      <tbody>
        {difficulty.models.map((m) => (
          <tr key={m.model}>
            <Td className="font-medium">{m.model}</Td>
            <Td className="tabular-nums">{m.tasks}</Td>
            <Td className="tabular-nums">{m.n}</Td>
            <Td className="tabular-nums">{formatPercent(m.curve.find((p) => p.k === 1)?.value)}</Td>
            <Td>
              <Interval value={m.passRate} />
            </Td>
            <Td className="text-xs text-fg-muted">
              {Object.entries(m.bands)
                .filter(([, n]) => n > 0)
                .map(([band, n]) => `${BAND_LABELS[band] ?? band} ${n}`)
                .join(" · ")}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function FailureFigures({ report }: { report: BuyerReport }) {
  const failures = report.failures;
  if (!failures) return <Missing />;
  const best = failures.bestModel;
  const byModel = failures.byModel.filter((b) => b.categories.length > 0);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>{failures.labelled.toLocaleString("en-US")} rollouts carry a final human label.</p>
      {best ? (
        <p>
          The best model, <span className="font-medium">{best.model}</span>, fails {best.failed} of {best.n}{" "}
          rollouts on {best.tasksWithFailures} task{best.tasksWithFailures === 1 ? "" : "s"}
          {best.categories.length > 0
            ? `; most often: ${best.categories
                .slice(0, 4)
                .map((c) => `${c.name} (${c.count})`)
                .join(", ")}`
            : ""}
          .
        </p>
      ) : null}
      {byModel.length > 0 ? (
        <ul className="list-disc pl-5">
          {byModel.map((b) => (
            <li key={b.key}>
              {b.key}:{" "}
              {b.categories
                .slice(0, 3)
                .map((c) => `${c.name} ${c.count}`)
                .join(", ")}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function HackRateFigures({ report }: { report: BuyerReport }) {
  const h = report.hackRate;
  if (!h) return <Missing />;
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-3" aria-label="Hack rates">
      <HackRateFigure
        kind="flagRate"
        interval={h.flagRate}
        corrected={h.correctedFlagRate}
        detail={h.bySource ? <VerdictSources bySource={h.bySource} disputed={h.disputed ?? 0} /> : null}
        testId="datasheet-flag-rate"
      />
      <HackRateFigure
        kind="confirmedRate"
        interval={h.confirmedRate}
        testId="datasheet-confirmed-hack-rate"
      />
      <HackRateFigure kind="confirmedAmongFlagged" interval={h.confirmedAmongFlagged} />
    </dl>
  );
}

export function RobustnessFigures({ report }: { report: BuyerReport }) {
  const r = report.robustness;
  if (!r) return <Missing />;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl className="grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-xs text-fg-muted">Rewarded rollouts that were genuine (reward precision)</dt>
          <dd>
            <Interval value={r.rewardPrecision} />
          </dd>
        </div>
        <HackRateFigure kind="hacksAmongRewarded" interval={r.hackRateAmongRewarded} />
        <div>
          <dt className="text-xs text-fg-muted">Genuine successes the grader failed</dt>
          <dd>
            <Interval value={r.graderFalseNegativeRate} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">Reward agrees with human labels</dt>
          <dd>
            <Interval value={r.accuracy} />
          </dd>
        </div>
      </dl>
      {r.criteria.length > 0 ? (
        <p className="text-fg-muted">
          Judge vs human per criterion:{" "}
          {r.criteria
            .map(
              (c) =>
                `${c.criterion} ${formatPercent(c.agreement.estimate)}${c.kappa === null ? "" : ` (κ ${c.kappa.toFixed(2)})`}`,
            )
            .join(", ")}
        </p>
      ) : null}
    </div>
  );
}

export function ScalingFigures({ report }: { report: BuyerReport }) {
  const s = report.scaling;
  if (!s) return <Missing />;
  const money = (n: number | null) =>
    n === null ? "—" : `$${n.toLocaleString("en-US", { maximumFractionDigits: 0 })}`;
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-xs text-fg-muted" title={s.authoring.definition}>
          Expert time per task (median)
        </dt>
        <dd className="tabular-nums" data-testid="datasheet-expert-time">
          {formatAuthoringTime(s.authoring)}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-fg-muted">Review minutes per rollout</dt>
        <dd className="tabular-nums">{s.review.meanMinutesPerRollout?.toFixed(1) ?? "—"}</dd>
      </div>
      <div>
        <dt className="text-xs text-fg-muted">Cost of one more task</dt>
        <dd className="tabular-nums">{money(s.costOfOneMoreTask.total)}</dd>
      </div>
    </dl>
  );
}
