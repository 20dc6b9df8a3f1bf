import { Table, Td, Th } from "@/components/ui/table";
import { formatDecimal } from "@/lib/reports/format";
import type { CriterionAgreement } from "@/lib/reports/robustness";
import { DrillDownList } from "./drill-down-list";
import { IntervalText } from "./interval-text";

const toCellId = (criterion: string, judge: string, human: string) =>
  `criterion-${criterion}-${judge}-${human}`.replace(/[^\w-]/g, "_");
const NAMES = { met: "met", "not-met": "not met" } as const;

/** The LLM judge against reviewers, per rubric criterion: agreement, Cohen's kappa and the 2×2 matrix. */
export function CriterionTable({ criteria }: { criteria: CriterionAgreement[] }) {
  if (criteria.length === 0) {
    return (
      <p className="text-sm text-fg-muted">
        No criterion scored by both the judge (the rollout's scores) and a reviewer yet, so judge agreement
        per criterion can't be shown.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold">Judge against reviewers, per rubric criterion</h3>
      <Table aria-label="Judge against reviewers per criterion">
        <thead>
          <tr>
            <Th>Criterion</Th>
            <Th>Agreement (95% CI)</Th>
            <Th className="text-right">Cohen's κ</Th>
            <Th className="text-right">Both met</Th>
            <Th className="text-right">Judge only</Th>
            <Th className="text-right">Reviewer only</Th>
            <Th className="text-right">Neither</Th>
          </tr>
        </thead>
        <tbody>
          {criteria.map((row) => (
            <tr key={row.criterion}>
              <Td className="font-mono text-xs">{row.criterion}</Td>
              <Td className="whitespace-nowrap">
                <IntervalText interval={row.agreement} />
              </Td>
              <Td className="text-right tabular-nums">
                {formatDecimal(row.kappa)} <span className="text-xs text-fg-muted">n = {row.n}</span>
              </Td>
              {row.cells.map((cell) => (
                <Td key={`${cell.judge}-${cell.human}`} className="text-right tabular-nums">
                  {cell.count > 0 ? (
                    <a
                      href={`#${toCellId(row.criterion, cell.judge, cell.human)}`}
                      className="text-accent hover:underline"
                    >
                      {cell.count}
                    </a>
                  ) : (
                    0
                  )}
                </Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      <div className="flex flex-col gap-2">
        {criteria.flatMap((row) =>
          row.cells.map((cell) => (
            <DrillDownList
              key={toCellId(row.criterion, cell.judge, cell.human)}
              id={toCellId(row.criterion, cell.judge, cell.human)}
              title={`${row.criterion}: judge ${NAMES[cell.judge]}, reviewer ${NAMES[cell.human]}`}
              count={cell.count}
              rollouts={cell.rollouts}
            />
          )),
        )}
      </div>
    </div>
  );
}
