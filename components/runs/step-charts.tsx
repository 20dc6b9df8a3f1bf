"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { SERIES_COLORS } from "@/components/reports/chart-colors";
import { formatDecimal, formatPercent } from "@/lib/reports/format";
import { stepRolloutsHref } from "@/lib/runs/links";
import type { RunStep } from "@/lib/runs/queries";
import { HACK_RATES } from "@/lib/values/hack-rates";

// Charts of a run over its steps. Clicking a step anywhere on a chart opens its transcripts.

const MAX_TOOLS = 6;
// Chart text in the theme's colours (Recharts defaults to grey ticks and legend text in the series'
// colour, both unreadable in the dark theme): muted axes, legend and tooltip text in the text colour.
const TICK = { fill: "var(--fg-muted)", fontSize: 11 };
const TOOLTIP_STYLE = {
  contentStyle: { background: "var(--surface)", borderColor: "var(--border)", color: "var(--fg)" },
  labelStyle: { color: "var(--fg)" },
};
const legend = (
  <Legend verticalAlign="top" height={24} formatter={(value) => <span className="text-fg">{value}</span>} />
);

type Props = { runId: string; steps: RunStep[]; noun: string };

export function StepCharts({ runId, steps, noun }: Props) {
  const router = useRouter();
  const stepped = steps.filter((s) => s.step !== null);
  if (stepped.length === 0) return null;
  const handleClick = (state: { activeLabel?: string | number } | null) => {
    if (state?.activeLabel === undefined || state.activeLabel === null) return;
    router.push(stepRolloutsHref(runId, Number(state.activeLabel)));
  };
  const tools = topTools(stepped);
  const data = stepped.map((s) => ({
    step: s.step,
    meanReward: s.meanReward,
    spread: s.rewardP25 !== null && s.rewardP75 !== null ? [s.rewardP25, s.rewardP75] : null,
    passRate: s.passRate,
    giveUpRate: s.giveUpRate,
    flagRate: s.flagRate,
    meanMessages: s.meanMessages,
    meanToolCalls: s.meanToolCalls,
    ...Object.fromEntries(
      tools.map((name) => [`tool:${name}`, s.rollouts ? (s.toolCalls[name] ?? 0) / s.rollouts : 0]),
    ),
  }));
  const xAxis = (
    <XAxis
      dataKey="step"
      label={{ value: noun, position: "insideBottom", offset: -4, fill: "var(--fg-muted)", fontSize: 11 }}
      tick={TICK}
    />
  );
  const common = { data, onClick: handleClick, margin: { top: 8, right: 12, bottom: 12, left: 0 } };
  const percentAxis = <YAxis domain={[0, 1]} tickFormatter={(v: number) => formatPercent(v)} tick={TICK} />;
  const hasFlags = stepped.some((s) => s.flagRate !== null);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Reward"
        description="Mean reward, the middle half of rewards (25th–75th percentile), pass rate"
      >
        <ComposedChart {...common}>
          <CartesianGrid strokeOpacity={0.15} />
          {xAxis}
          <YAxis tick={TICK} />
          <Tooltip {...TOOLTIP_STYLE} formatter={(value) => formatValue(value)} />
          {legend}
          <Area
            dataKey="spread"
            name="25th–75th pct"
            fill={SERIES_COLORS[0]}
            fillOpacity={0.15}
            stroke="none"
          />
          <Line dataKey="meanReward" name="mean reward" stroke={SERIES_COLORS[0]} strokeWidth={2} dot />
          <Line dataKey="passRate" name="pass rate" stroke={SERIES_COLORS[2]} strokeWidth={2} dot />
        </ComposedChart>
      </ChartCard>
      <ChartCard
        title="Giving up and flags"
        description={
          hasFlags
            ? "Share of rollouts that gave up, and share flagged by a scanner"
            : "Share of rollouts that gave up"
        }
      >
        <LineChart {...common}>
          <CartesianGrid strokeOpacity={0.15} />
          {xAxis}
          {percentAxis}
          <Tooltip {...TOOLTIP_STYLE} formatter={(value) => formatPercent(Number(value))} />
          {legend}
          <Line dataKey="giveUpRate" name="gave up" stroke={SERIES_COLORS[1]} strokeWidth={2} dot />
          {hasFlags ? (
            <Line
              dataKey="flagRate"
              name={HACK_RATES.flagRate.name}
              stroke={SERIES_COLORS[3]}
              strokeWidth={2}
              dot
            />
          ) : null}
        </LineChart>
      </ChartCard>
      <ChartCard title="Length" description="Mean messages and tool calls per rollout">
        <LineChart {...common}>
          <CartesianGrid strokeOpacity={0.15} />
          {xAxis}
          <YAxis tick={TICK} />
          <Tooltip {...TOOLTIP_STYLE} formatter={(value) => formatDecimal(Number(value), 1)} />
          {legend}
          <Line dataKey="meanMessages" name="messages" stroke={SERIES_COLORS[4]} strokeWidth={2} dot />
          <Line dataKey="meanToolCalls" name="tool calls" stroke={SERIES_COLORS[5]} strokeWidth={2} dot />
        </LineChart>
      </ChartCard>
      <ChartCard title="Tool-call mix" description="Calls per rollout of the most used tools">
        <BarChart {...common}>
          <CartesianGrid strokeOpacity={0.15} />
          {xAxis}
          <YAxis tick={TICK} />
          <Tooltip {...TOOLTIP_STYLE} formatter={(value) => formatDecimal(Number(value), 2)} />
          {legend}
          {tools.map((name, index) => (
            <Bar
              key={name}
              dataKey={`tool:${name}`}
              name={name}
              stackId="tools"
              fill={SERIES_COLORS[index % SERIES_COLORS.length]}
            />
          ))}
        </BarChart>
      </ChartCard>
    </div>
  );
}

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <figure className="flex flex-col gap-1 rounded-lg border border-border bg-surface p-3" aria-label={title}>
      <figcaption>
        <span className="text-sm font-semibold">{title}</span>
        <span className="block text-xs text-fg-muted">
          {description}. Click a step to read its transcripts.
        </span>
      </figcaption>
      <div className="h-56 w-full cursor-pointer">
        <ResponsiveContainer width="100%" height="100%">
          {children as React.ReactElement}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function topTools(steps: RunStep[]): string[] {
  const totals = new Map<string, number>();
  for (const step of steps)
    for (const [name, calls] of Object.entries(step.toolCalls))
      totals.set(name, (totals.get(name) ?? 0) + calls);
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_TOOLS)
    .map(([name]) => name);
}

function formatValue(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => formatDecimal(Number(v))).join("–");
  return formatDecimal(Number(value));
}
