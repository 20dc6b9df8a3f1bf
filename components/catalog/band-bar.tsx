import { BAND_LABELS } from "@/lib/catalog/format";

const ORDER = ["learnable", "saturated", "no-signal", "insufficient"];
const COLOR: Record<string, string> = {
  learnable: "bg-success",
  saturated: "bg-warning",
  "no-signal": "bg-danger",
  insufficient: "bg-fg-muted/40",
};

/** Difficulty bands of task × model items as a stacked bar with its counts written out. */
export function BandBar({ bands }: { bands: Record<string, number> }) {
  const total = ORDER.reduce((n, band) => n + (bands[band] ?? 0), 0);
  if (total === 0) return <p className="text-xs text-fg-muted">No difficulty figures yet.</p>;
  const present = ORDER.filter((band) => (bands[band] ?? 0) > 0);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex h-2 overflow-hidden rounded-full" aria-hidden="true">
        {present.map((band) => (
          <div key={band} className={COLOR[band]} style={{ width: `${(100 * bands[band]) / total}%` }} />
        ))}
      </div>
      <p className="text-xs text-fg-muted">
        {present.map((band) => `${BAND_LABELS[band]} ${bands[band]}`).join(" · ")}
      </p>
    </div>
  );
}
