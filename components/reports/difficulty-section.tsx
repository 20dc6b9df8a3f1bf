import { Section } from "@/components/ui/section";
import { Table, Td, Th } from "@/components/ui/table";
import type { DifficultySection as DifficultyData } from "@/lib/reports/difficulty";
import { formatDecimal, formatPercent, formatPoints } from "@/lib/reports/format";
import { formatCount } from "@/lib/rollouts/format";
import { BandChart } from "./band-chart";
import { DifficultyTable } from "./difficulty-table";
import { IntervalText } from "./interval-text";
import { PassAtKChart } from "./pass-at-k-chart";

/** Difficulty calibration: per model, the pooled pass rate, curves and bands; per task × model, the table. */
export function DifficultySection({
  difficulty,
  k,
  passRule,
  page,
  hrefForPage,
  draftHref,
}: {
  difficulty: DifficultyData;
  k: number;
  passRule: string;
  page: number;
  hrefForPage: (page: number) => string;
  draftHref?: (task: string, goal: "harden" | "split") => string;
}) {
  const { models, items, bands } = difficulty;
  return (
    <Section
      title="Difficulty"
      description={`pass@k is the unbiased estimator 1 − C(n−c, k)/C(n, k), for k up to min(n, 64). Saturated: pass@1 ≥ 90%; no signal: no pass in 8 or more rollouts; learnable: between. ${passRule}`}
    >
      <Table aria-label="Difficulty per model">
        <thead>
          <tr>
            <Th>Model</Th>
            <Th className="text-right">Tasks</Th>
            <Th className="text-right">Rollouts</Th>
            <Th>Pass rate (95% CI)</Th>
            <Th className="text-right">Mean pass@{k}</Th>
            <Th className="text-right">Mean gap @{k}</Th>
            <Th className="text-right">Mean reward</Th>
            <Th className="text-right">Learnable tasks</Th>
          </tr>
        </thead>
        <tbody>
          {models.map((model) => (
            <tr key={model.model} data-testid="model-row">
              <Td className="font-medium">{model.model}</Td>
              <Td className="text-right tabular-nums">{formatCount(model.tasks)}</Td>
              <Td className="text-right tabular-nums">{formatCount(model.n)}</Td>
              <Td className="whitespace-nowrap">
                <IntervalText interval={model.passRate} />
              </Td>
              <Td className="text-right tabular-nums">
                {formatPercent(model.curve.find((p) => p.k === k)?.value ?? null)}
                <span className="ml-1 text-xs text-fg-muted">
                  ({model.curve.find((p) => p.k === k)?.tasks ?? 0} tasks)
                </span>
              </Td>
              <Td className="text-right tabular-nums">
                {formatPoints(model.gap.value)}
                <span className="ml-1 text-xs text-fg-muted">({model.gap.tasks} tasks)</span>
              </Td>
              <Td className="text-right tabular-nums">{formatDecimal(model.meanReward)}</Td>
              <Td className="text-right tabular-nums">
                {model.bands.learnable} of {model.tasks}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <div className="grid gap-6 lg:grid-cols-2 print:grid-cols-1">
        <div>
          <h3 className="mb-2 text-sm font-semibold">pass@k per model</h3>
          <PassAtKChart series={models.map((m) => ({ model: m.model, curve: m.curve }))} />
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold">Bands (task × model pairs)</h3>
          <BandChart
            rows={[
              { label: "Environment", bands },
              ...models.map((m) => ({ label: m.model, bands: m.bands })),
            ]}
          />
        </div>
      </div>
      <DifficultyTable items={items} k={k} page={page} hrefForPage={hrefForPage} draftHref={draftHref} />
    </Section>
  );
}
