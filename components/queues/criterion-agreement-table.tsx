import { Table, Td, Th } from "@/components/ui/table";
import type { PairFigures } from "@/lib/queues/agreement";
import type { CriterionAgreement } from "@/lib/queues/criterion-agreement";
import { formatStat } from "./agreement-format";

/** Criterion-score agreement: each LLM judge against each reviewer, beside the reviewer pairs. */
export function CriterionAgreementTable({ agreement }: { agreement: CriterionAgreement }) {
  if (agreement.pairs.length === 0) {
    return (
      <p className="text-sm text-fg-muted">
        No criterion scored by two raters yet: reviewers' criterion scores and judges' judgments on these
        items appear here once they overlap.
      </p>
    );
  }
  const rows: (PairFigures & { kind: string })[] = [
    ...agreement.judgeVsHuman.map((p) => ({ ...p, kind: "judge × reviewer" })),
    ...agreement.others.map((p) => ({ ...p, kind: "reviewer × reviewer" })),
  ];
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-fg-muted">
        {agreement.comparedItems} of {agreement.scoredItems} rollout × criterion items have two or more raters
        · Krippendorff's α {formatStat(agreement.alpha.alpha)}
      </p>
      <Table aria-label="Criterion score agreement per rater pair">
        <thead>
          <tr>
            <Th>Pair</Th>
            <Th>Rater A</Th>
            <Th>Rater B</Th>
            <Th>Shared items</Th>
            <Th>Observed agreement</Th>
            <Th>Cohen's κ</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((pair) => (
            <tr key={`${pair.raterA}|${pair.raterB}`}>
              <Td className="text-fg-muted">{pair.kind}</Td>
              <Td>{pair.nameA}</Td>
              <Td>{pair.nameB}</Td>
              <Td className="tabular-nums">{pair.n}</Td>
              <Td className="tabular-nums">{formatStat(pair.observed)}</Td>
              <Td className="tabular-nums">{formatStat(pair.kappa)}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
