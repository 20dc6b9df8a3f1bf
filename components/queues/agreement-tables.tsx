import Link from "next/link";
import { Table, Td, Th } from "@/components/ui/table";
import type { QueueAgreement } from "@/lib/queues/agreement";
import { formatShare, formatStat } from "./agreement-format";

/** Verdict agreement: alpha over all reviewers, kappa per pair (each pair links to its confusion matrix). */
export function AgreementTables({
  agreement,
  baseHref,
  categoryNames,
}: {
  agreement: QueueAgreement;
  baseHref: string;
  categoryNames: ReadonlyMap<string, string>;
}) {
  const { verdicts } = agreement;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4" aria-label="Verdict agreement">
        <Figure label="Krippendorff's α (verdicts)" value={formatStat(verdicts.alpha.alpha)} testId="alpha" />
        <Figure label="Items compared" value={`${agreement.comparedItems} of ${agreement.labelledItems}`} />
        <Figure
          label="All reviewers agree"
          value={
            verdicts.agreement.estimate === null ? "—" : `${Math.round(verdicts.agreement.estimate * 100)}%`
          }
          detail={formatShare(verdicts.agreement)}
        />
        <Figure label="Reviewer pairs" value={String(verdicts.pairs.length)} />
      </dl>
      <Table aria-label="Cohen's kappa per reviewer pair">
        <thead>
          <tr>
            <Th>Reviewer A</Th>
            <Th>Reviewer B</Th>
            <Th>Shared items</Th>
            <Th>Observed agreement</Th>
            <Th>Cohen's κ</Th>
            <Th />
          </tr>
        </thead>
        <tbody>
          {verdicts.pairs.map((pair) => (
            <tr key={`${pair.raterA}|${pair.raterB}`}>
              <Td>{pair.nameA}</Td>
              <Td>{pair.nameB}</Td>
              <Td className="tabular-nums">{pair.n}</Td>
              <Td className="tabular-nums">{formatStat(pair.observed)}</Td>
              <Td className="tabular-nums" data-testid="pair-kappa">
                {formatStat(pair.kappa)}
              </Td>
              <Td>
                <Link
                  className="text-accent hover:underline"
                  href={`${baseHref}?a=${encodeURIComponent(pair.raterA)}&b=${encodeURIComponent(pair.raterB)}#confusion`}
                >
                  Confusion matrix
                </Link>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Table aria-label="Agreement per reviewer">
        <thead>
          <tr>
            <Th>Reviewer</Th>
            <Th>Items labelled</Th>
            <Th>Agrees with the others</Th>
            <Th>Mean κ</Th>
            <Th>Agrees with adjudication</Th>
          </tr>
        </thead>
        <tbody>
          {agreement.reviewers.map((r) => (
            <tr key={r.key}>
              <Td>{r.name}</Td>
              <Td className="tabular-nums">{r.labelled}</Td>
              <Td className="tabular-nums">{formatShare(r.agreementWithOthers)}</Td>
              <Td className="tabular-nums">{formatStat(r.meanKappa)}</Td>
              <Td className="tabular-nums">{formatShare(r.agreementWithFinal)}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {agreement.categories.length > 0 ? (
        <Table aria-label="Agreement per category">
          <thead>
            <tr>
              <Th>Category (present / absent)</Th>
              <Th>α</Th>
              <Th>All agree</Th>
              <Th>κ per pair</Th>
            </tr>
          </thead>
          <tbody>
            {agreement.categories.map((c) => (
              <tr key={c.key}>
                <Td>{categoryNames.get(c.key) ?? c.key}</Td>
                <Td className="tabular-nums">{formatStat(c.alpha.alpha)}</Td>
                <Td className="tabular-nums">{formatShare(c.agreement)}</Td>
                <Td className="text-xs tabular-nums">
                  {c.pairs.map((p) => `${p.nameA} × ${p.nameB}: ${formatStat(p.kappa)}`).join("; ")}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </div>
  );
}

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  testId?: string;
}) {
  return (
    <div className="rounded-lg border border-border bg-surface p-3">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {detail ? <dd className="text-xs text-fg-muted">{detail}</dd> : null}
    </div>
  );
}
