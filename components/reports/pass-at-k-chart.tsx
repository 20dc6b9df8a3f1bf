import type { CurvePoint } from "@/lib/reports/difficulty";
import { formatPercent } from "@/lib/reports/format";
import { SERIES_COLORS } from "./chart-colors";

// pass@k curves, one line per model: the mean pass@k over the tasks with at least k rollouts.
// Hand-rolled SVG rendered on the server: no client JavaScript, and it prints as drawn.

const WIDTH = 560;
const HEIGHT = 240;
const PAD = { left: 40, right: 12, top: 10, bottom: 32 };

export function PassAtKChart({ series }: { series: { model: string; curve: CurvePoint[] }[] }) {
  const maxK = Math.max(2, ...series.flatMap((s) => s.curve.map((p) => p.k)));
  const x = (k: number) => PAD.left + ((k - 1) / (maxK - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - value) * (HEIGHT - PAD.top - PAD.bottom);
  const ticks = [...new Set([1, Math.ceil(maxK / 4), Math.ceil(maxK / 2), Math.ceil((3 * maxK) / 4), maxK])];
  const summary = series
    .map(
      (s) =>
        `${s.model}: pass@1 ${formatPercent(s.curve[0]?.value ?? null)}, pass@${s.curve.at(-1)?.k ?? "—"} ${formatPercent(s.curve.at(-1)?.value ?? null)}`,
    )
    .join("; ");
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="w-full max-w-2xl"
        role="img"
        aria-label={`pass@k curves. ${summary}`}
      >
        {[0, 0.25, 0.5, 0.75, 1].map((v) => (
          <g key={v}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(v)}
              y2={y(v)}
              stroke="currentColor"
              strokeOpacity={0.12}
            />
            <text
              x={PAD.left - 6}
              y={y(v) + 4}
              textAnchor="end"
              fontSize={10}
              fill="currentColor"
              fillOpacity={0.7}
            >
              {v * 100}%
            </text>
          </g>
        ))}
        {ticks.map((k) => (
          <text
            key={k}
            x={x(k)}
            y={HEIGHT - PAD.bottom + 14}
            textAnchor="middle"
            fontSize={10}
            fill="currentColor"
            fillOpacity={0.7}
          >
            {k}
          </text>
        ))}
        <text x={(WIDTH + PAD.left) / 2} y={HEIGHT - 4} textAnchor="middle" fontSize={11} fill="currentColor">
          k (rollouts drawn)
        </text>
        {series.map((s, i) => {
          const color = SERIES_COLORS[i % SERIES_COLORS.length];
          return (
            <g key={s.model}>
              <polyline
                fill="none"
                stroke={color}
                strokeWidth={2}
                points={s.curve.map((p) => `${x(p.k)},${y(p.value)}`).join(" ")}
              />
              {s.curve.map((p) => (
                <circle key={p.k} cx={x(p.k)} cy={y(p.value)} r={2.5} fill={color}>
                  <title>{`${s.model}: pass@${p.k} = ${formatPercent(p.value, 1)} over ${p.tasks} tasks`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
        {series.map((s, i) => (
          <span key={s.model} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-0.5 w-4"
              style={{ background: SERIES_COLORS[i % SERIES_COLORS.length] }}
            />
            {s.model}
          </span>
        ))}
        <span>Mean pass@k over tasks with at least k rollouts.</span>
      </figcaption>
    </figure>
  );
}
