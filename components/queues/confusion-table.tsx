import Link from "next/link";
import { VERDICT_NAMES } from "@/lib/labels/schemas";
import type { ConfusionMatrix } from "@/lib/stats";
import { cn } from "@/lib/utils";

/** Reviewer A's verdicts (rows) against reviewer B's (columns); each count links to its items. */
export function ConfusionTable({
  matrix,
  nameA,
  nameB,
  cellHref,
  selected,
}: {
  matrix: ConfusionMatrix<string>;
  nameA: string;
  nameB: string;
  cellHref: (actual: string, predicted: string) => string;
  selected: { actual: string; predicted: string } | null;
}) {
  const used = matrix.labels.filter((label) =>
    matrix.labels.some((other) => matrix.counts[label][other] > 0 || matrix.counts[other][label] > 0),
  );
  const name = (label: string) => VERDICT_NAMES[label as keyof typeof VERDICT_NAMES] ?? label;
  return (
    <div className="overflow-x-auto">
      <table
        className="border-collapse text-sm"
        aria-label={`Confusion matrix: ${nameA} (rows) × ${nameB} (columns)`}
      >
        <thead>
          <tr>
            <th className="p-2 text-left text-xs text-fg-muted">
              {nameA} ↓ / {nameB} →
            </th>
            {used.map((label) => (
              <th key={label} className="p-2 text-xs font-medium">
                {name(label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {used.map((actual) => (
            <tr key={actual}>
              <th className="p-2 text-left text-xs font-medium">{name(actual)}</th>
              {used.map((predicted) => {
                const count = matrix.counts[actual][predicted];
                const isSelected = selected?.actual === actual && selected.predicted === predicted;
                return (
                  <td
                    key={predicted}
                    className={cn(
                      "border border-border p-2 text-center tabular-nums",
                      actual === predicted ? "bg-success/10" : count > 0 ? "bg-danger/10" : "",
                      isSelected && "ring-2 ring-accent",
                    )}
                  >
                    {count > 0 ? (
                      <Link href={cellHref(actual, predicted)} className="text-accent hover:underline">
                        {count}
                      </Link>
                    ) : (
                      <span className="text-fg-muted">0</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
