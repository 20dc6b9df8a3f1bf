import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, Td, Th } from "@/components/ui/table";
import type { AgreementFigures, CalibrationReport, SetReport } from "@/lib/judges/calibration";
import { SeededBadge } from "./seeded-badge";

// The calibration report of a judge version: the gate's decision, then per set (held-out first) the
// agreement figures per criterion and overall, and confusion matrices whose disagreeing cells list
// the transcripts behind them.

const num = (x: number | null | undefined, digits = 2) =>
  x === null || x === undefined ? "–" : x.toFixed(digits);
const rate = (r: { estimate: number | null; low: number | null; high: number | null; n: number }) =>
  r.estimate === null ? "– (n = 0)" : `${num(r.estimate)} [${num(r.low)}, ${num(r.high)}]`;

function FiguresRow({ label, f }: { label: string; f: AgreementFigures }) {
  return (
    <tr>
      <Td className="font-mono text-xs">{label}</Td>
      <Td>{f.n}</Td>
      <Td>{f.rollouts}</Td>
      <Td>
        {num(f.kappa.kappa)} [{num(f.kappa.lower)}, {num(f.kappa.upper)}]
      </Td>
      <Td>{rate(f.accuracy)}</Td>
      <Td>{rate(f.precisionMet)}</Td>
      <Td>{rate(f.recallMet)}</Td>
      <Td>{f.unevaluable}</Td>
    </tr>
  );
}

function ConfusionMatrix({ figures, title }: { figures: AgreementFigures; title: string }) {
  const { labels, counts, refs } = figures.confusion as AgreementFigures["confusion"] & {
    counts: Record<string, Record<string, number>>;
    refs: Record<string, Record<string, string[]>>;
  };
  if (labels.length === 0) return null;
  return (
    <Table aria-label={title}>
      <thead>
        <tr>
          <Th>Expert ↓ · judge →</Th>
          {labels.map((l) => (
            <Th key={l}>{l}</Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {labels.map((actual) => (
          <tr key={actual}>
            <Th scope="row">{actual}</Th>
            {labels.map((predicted) => {
              const count = counts[actual]?.[predicted] ?? 0;
              const items = [...new Set(refs[actual]?.[predicted] ?? [])];
              return (
                <Td
                  key={predicted}
                  className={actual === predicted ? "bg-success/10" : count > 0 ? "bg-danger/10" : undefined}
                >
                  {actual !== predicted && count > 0 ? (
                    <details>
                      <summary className="cursor-pointer">{count}</summary>
                      <ul className="mt-1 flex flex-col gap-0.5 text-xs">
                        {items.map((id) => (
                          <li key={id}>
                            <Link className="font-mono text-accent underline" href={`/rollouts/${id}`}>
                              {id.slice(0, 8)}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </details>
                  ) : (
                    count
                  )}
                </Td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function SetSection({ name, set }: { name: string; set: SetReport }) {
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold">{name}</h3>
      <Table aria-label={`${name} agreement`}>
        <thead>
          <tr>
            <Th>Criterion</Th>
            <Th>n</Th>
            <Th>Rollouts</Th>
            <Th>Kappa [95%]</Th>
            <Th>Accuracy</Th>
            <Th>Precision (met)</Th>
            <Th>Recall (met)</Th>
            <Th>Unevaluable</Th>
          </tr>
        </thead>
        <tbody>
          <FiguresRow label="overall" f={set.overall} />
          {set.criteria.map((c) => (
            <FiguresRow key={c.key} label={c.key} f={c} />
          ))}
        </tbody>
      </Table>
      <ConfusionMatrix figures={set.overall} title={`${name} confusion matrix`} />
    </div>
  );
}

export function CalibrationReportView({
  report,
  seeded = null,
}: {
  report: CalibrationReport;
  /** The API's `seeded` note when the figures come from the demo seed's judgments. */
  seeded?: string | null;
}) {
  return (
    <div className="flex flex-col gap-5" data-testid="calibration-report">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {report.isPassed ? (
          <Badge tone="success">passes the bar</Badge>
        ) : (
          <Badge tone="danger">below the bar</Badge>
        )}
        <SeededBadge note={seeded} />
        <span className="text-fg-muted">
          Bar: held-out kappa lower bound ≥ {report.bar.minKappaLower.toFixed(2)} with ≥{" "}
          {report.bar.minHeldOut} held-out rollouts.
        </span>
      </div>
      {report.reasons.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-danger">
          {report.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
      <SetSection name="Held-out set" set={report.heldOut} />
      <SetSection name="Development set" set={report.dev} />
    </div>
  );
}
