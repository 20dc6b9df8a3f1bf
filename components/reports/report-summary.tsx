import type { EnvironmentReport } from "@/lib/reports/queries";
import { formatCount } from "@/lib/rollouts/format";

/** The report's headline counts: what every figure below is computed over. */
export function ReportSummary({ report }: { report: EnvironmentReport }) {
  const { counts, difficulty, robustness } = report;
  const scored = difficulty.models.reduce((sum, model) => sum + model.n, 0);
  const items = [
    {
      term: "Tasks",
      value: formatCount(counts.tasks),
      hint: `${formatCount(counts.tasksWithRollouts)} with scored rollouts`,
    },
    {
      term: "Scored rollouts",
      value: formatCount(scored),
      hint: `${formatCount(counts.unscored)} without a reward, ${formatCount(counts.unlinked)} not linked to a task`,
    },
    {
      term: "Models",
      value: formatCount(difficulty.models.length),
      hint: difficulty.models.map((m) => m.model).join(", ") || "—",
    },
    {
      term: "Labelled rollouts",
      value: formatCount(robustness.labelled),
      hint: `${formatCount(robustness.judged)} with a genuine / not genuine final verdict`,
    },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Report summary">
      {items.map((item) => (
        <div key={item.term} className="rounded-lg border border-border bg-surface p-4">
          <dt className="text-xs text-fg-muted">{item.term}</dt>
          <dd
            className="mt-1 text-xl font-semibold tabular-nums"
            data-testid={`summary-${item.term.toLowerCase().replace(/\s+/g, "-")}`}
          >
            {item.value}
          </dd>
          <dd className="mt-0.5 truncate text-xs text-fg-muted" title={item.hint}>
            {item.hint}
          </dd>
        </div>
      ))}
    </dl>
  );
}
