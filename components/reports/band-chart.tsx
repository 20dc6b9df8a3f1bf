import type { DifficultyBand } from "@/lib/stats";
import { BAND_COLORS, BAND_NAMES } from "./chart-colors";

// Band distribution: one stacked bar per row (the environment, then each model), each segment the
// share of task × model pairs in a band, with its count written out for print and screen readers.

const ORDER: DifficultyBand[] = ["saturated", "learnable", "no-signal", "insufficient"];

function splitSegments(bands: Record<DifficultyBand, number>, total: number) {
  let x = 0;
  return ORDER.map((band) => {
    const width = total === 0 ? 0 : (bands[band] / total) * 100;
    const segment = { band, x, width };
    x += width;
    return segment;
  });
}

export function BandChart({ rows }: { rows: { label: string; bands: Record<DifficultyBand, number> }[] }) {
  return (
    <figure className="flex flex-col gap-2">
      <div className="flex flex-col gap-2">
        {rows.map((row) => {
          const total = ORDER.reduce((sum, band) => sum + row.bands[band], 0);
          const text = ORDER.filter((band) => row.bands[band] > 0)
            .map((band) => `${BAND_NAMES[band]} ${row.bands[band]}`)
            .join(", ");
          return (
            <div key={row.label} className="grid grid-cols-[10rem_1fr] items-center gap-3 text-sm">
              <span className="truncate" title={row.label}>
                {row.label}
              </span>
              <div className="flex flex-col gap-0.5">
                <svg
                  viewBox="0 0 100 6"
                  preserveAspectRatio="none"
                  className="h-3 w-full"
                  role="img"
                  aria-label={`${row.label}: ${text || "no tasks"} of ${total}`}
                >
                  {splitSegments(row.bands, total).map((segment) => (
                    <rect
                      key={segment.band}
                      x={segment.x}
                      y={0}
                      width={segment.width}
                      height={6}
                      fill={BAND_COLORS[segment.band]}
                    />
                  ))}
                </svg>
                <span className="text-xs tabular-nums text-fg-muted">
                  {text || "no tasks"} (of {total})
                </span>
              </div>
            </div>
          );
        })}
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
        {ORDER.map((band) => (
          <span key={band} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block size-2.5 rounded-sm"
              style={{ background: BAND_COLORS[band] }}
            />
            {BAND_NAMES[band]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
