import type { EvidenceQuote, PanelVote } from "@/db/schema/judges";
import type { JudgeCriterion } from "./judge-prompt";
import type { CriterionOutcome } from "./parse-answer";

// A panel's result per criterion: the majority verdict (binary; a tie is unevaluable) or the mean
// score (scales), with the disagreement rate: for binary, the share of members off the majority;
// for scales, the members' spread (max − min) as a share of the scale. A single judge never disagrees.

export type MemberOutcome = { provider: string; model: string; outcome: CriterionOutcome };

export type AggregatedOutcome = {
  status: "scored" | "unevaluable";
  score: number | null;
  verdict: "met" | "not-met" | null;
  reason: string;
  evidence: EvidenceQuote[];
  /** Null for a single judge. */
  panel: PanelVote[] | null;
  disagreement: number | null;
};

export function aggregatePanel(criterion: JudgeCriterion, members: MemberOutcome[]): AggregatedOutcome {
  const panel =
    members.length > 1
      ? members.map((m) => ({
          provider: m.provider,
          model: m.model,
          status: m.outcome.status,
          score: m.outcome.status === "scored" ? m.outcome.score : null,
        }))
      : null;
  const scored = members.flatMap((m) => (m.outcome.status === "scored" ? [m.outcome] : []));
  if (scored.length === 0) {
    const problems = [
      ...new Set(members.map((m) => (m.outcome.status === "unevaluable" ? m.outcome.problem : ""))),
    ];
    return {
      status: "unevaluable",
      score: null,
      verdict: null,
      reason: problems.join(" "),
      evidence: [],
      panel,
      disagreement: null,
    };
  }
  if (criterion.type === "scale") {
    const scores = scored.map((o) => o.score);
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    const spread = (Math.max(...scores) - Math.min(...scores)) / (criterion.scaleMax ?? 1);
    const closest = [...scored].sort((a, b) => Math.abs(a.score - mean) - Math.abs(b.score - mean))[0];
    return {
      status: "scored",
      score: mean,
      verdict: null,
      reason: closest.reason,
      evidence: closest.evidence,
      panel,
      disagreement: panel ? spread : null,
    };
  }
  const met = scored.filter((o) => o.score === 1).length;
  const notMet = scored.length - met;
  if (met === notMet) {
    return {
      status: "unevaluable",
      score: null,
      verdict: null,
      reason: `The panel tied: ${met} met, ${notMet} not met.`,
      evidence: [],
      panel,
      disagreement: 0.5,
    };
  }
  const score = met > notMet ? 1 : 0;
  const chosen = scored.find((o) => o.score === score)!;
  return {
    status: "scored",
    score,
    verdict: score === 1 ? "met" : "not-met",
    reason: chosen.reason,
    evidence: chosen.evidence,
    panel,
    disagreement: panel ? Math.min(met, notMet) / scored.length : null,
  };
}
