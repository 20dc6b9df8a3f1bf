import { Table, Td, Th } from "@/components/ui/table";
import type { JudgeEvidence } from "@/lib/judges/judge-evidence-schema";
import { SeededBadge } from "./seeded-badge";

const stat = (value: number | null) => (value === null ? "—" : value.toFixed(2));
const kappa = (f: { kappa: number | null; kappaLower: number | null; kappaUpper: number | null }) =>
  f.kappa === null ? "—" : `${stat(f.kappa)} [${stat(f.kappaLower)}, ${stat(f.kappaUpper)}]`;

/** The environment's LLM judge as evidence: a calibrated judge's held-out figures, or that none is calibrated. */
export function JudgeEvidenceView({ evidence }: { evidence: JudgeEvidence }) {
  if (evidence.status === "none") {
    return (
      <p className="text-sm text-fg-muted" data-testid="judge-evidence">
        No LLM judge grades this environment: rubric criteria are scored by reviewers and the imported
        rewards.
      </p>
    );
  }
  if (evidence.status === "not-calibrated") {
    return (
      <p className="text-sm" data-testid="judge-evidence">
        Not calibrated: the judge{evidence.judges.length === 1 ? "" : "s"} {evidence.judges.join(", ")}{" "}
        {evidence.judges.length === 1 ? "has" : "have"} not cleared the calibration bar against expert labels,
        so no judge's verdicts count as evidence here.
      </p>
    );
  }
  const { heldOut, bar } = evidence;
  return (
    <div className="flex flex-col gap-3" data-testid="judge-evidence">
      <p className="text-sm">
        Calibrated judge <span className="font-medium">{evidence.name}</span> v{evidence.version} (
        {evidence.models.join(", ")}): on {heldOut.rollouts} held-out expert-labelled rollouts ({heldOut.n}{" "}
        criterion scores), Cohen's κ {kappa(heldOut)} (95% interval), accuracy {stat(heldOut.accuracy)}. The
        bar: κ lower bound ≥ {bar.minKappaLower} with at least {bar.minHeldOut} held-out rollouts.{" "}
        <SeededBadge note={evidence.seeded} />
      </p>
      {evidence.criteria.length > 0 ? (
        <Table aria-label="Judge calibration per criterion">
          <thead>
            <tr>
              <Th>Criterion</Th>
              <Th>n</Th>
              <Th>Cohen's κ [95%]</Th>
              <Th>Accuracy</Th>
            </tr>
          </thead>
          <tbody>
            {evidence.criteria.map((c) => (
              <tr key={c.key}>
                <Td className="font-mono text-xs">{c.key}</Td>
                <Td className="tabular-nums">{c.n}</Td>
                <Td className="tabular-nums">{kappa(c)}</Td>
                <Td className="tabular-nums">{stat(c.accuracy)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </div>
  );
}
