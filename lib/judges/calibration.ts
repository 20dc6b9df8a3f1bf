import type { CalibrationBar } from "@/db/schema/judges";
import { hashFraction } from "@/lib/queues/sampling";
import {
  binaryRates,
  type ConfusionMatrix,
  cohenKappa,
  collapseToBinary,
  confusionMatrix,
  type KappaInterval,
  kappaInterval,
  type WilsonInterval,
} from "@/lib/stats";

// The calibration gate's maths (pure). Items are rollout × criterion pairs with a final human score;
// each rollout falls in the development or the held-out set by a stable hash of (environment,
// rollout), so every judge version of an environment is measured on the same split. Per criterion and
// overall: Cohen's kappa with its 95% interval, accuracy, precision and recall for "met", confusion
// matrices whose cells list their rollouts, and n. An unevaluable judgment is its own category: it
// counts against agreement rather than dropping out of n.

export const DEFAULT_BAR: CalibrationBar = { minKappaLower: 0.6, minHeldOut: 30 };
export const HELD_OUT_SHARE = 0.5;
export type CalibrationSet = "dev" | "held-out";

export type CalibrationItem = {
  rolloutId: string;
  criterionKey: string;
  type: "binary" | "scale";
  scaleMax: number | null;
  /** The final human score on the criterion's scale. */
  human: number;
  /** The judge's score, null when unevaluable or not judged yet. */
  judge: number | null;
  isJudged: boolean;
};

export type AgreementFigures = {
  n: number;
  rollouts: number;
  kappa: KappaInterval;
  accuracy: WilsonInterval;
  /** "met" (binary met; scales: at least half the scale) as the positive class. */
  precisionMet: WilsonInterval;
  recallMet: WilsonInterval;
  unevaluable: number;
  /** Rows: human; columns: judge. Cells list rollout ids. */
  confusion: Pick<ConfusionMatrix<string>, "labels" | "counts" | "refs" | "total">;
};

export type SetReport = { overall: AgreementFigures; criteria: (AgreementFigures & { key: string })[] };

export type CalibrationReport = {
  bar: CalibrationBar;
  dev: SetReport;
  heldOut: SetReport;
  /** Items not judged yet by this version (calibration runs the judge on them first). */
  pending: number;
  isPassed: boolean;
  /** Why it fails the bar, in words; empty when it passes. */
  reasons: string[];
};

export function assignSet(environmentId: string, rolloutId: string): CalibrationSet {
  return hashFraction(`calibration:${environmentId}`, rolloutId) < HELD_OUT_SHARE ? "held-out" : "dev";
}

function category(item: Pick<CalibrationItem, "type" | "scaleMax">, score: number | null): string {
  if (score === null) return "unevaluable";
  if (item.type === "binary") return score >= 0.5 ? "met" : "not-met";
  return String(Math.round(score));
}

function isMet(item: Pick<CalibrationItem, "type" | "scaleMax">, score: number): boolean {
  return item.type === "binary" ? score >= 0.5 : score >= (item.scaleMax ?? 1) / 2;
}

export function computeAgreement(items: CalibrationItem[]): AgreementFigures {
  const judged = items.filter((i) => i.isJudged);
  const pairs = judged.map((i) => [category(i, i.human), category(i, i.judge)] as const);
  const matrix = confusionMatrix(
    judged.map((i, k) => ({ actual: pairs[k][0], predicted: pairs[k][1], ref: i.rolloutId })),
  );
  const metMatrix = confusionMatrix(
    judged.map((i) => ({
      actual: isMet(i, i.human) ? "met" : "other",
      predicted: i.judge !== null && isMet(i, i.judge) ? "met" : "other",
      ref: i.rolloutId,
    })),
  );
  const rates = binaryRates(collapseToBinary(metMatrix, "met"));
  return {
    n: judged.length,
    rollouts: new Set(judged.map((i) => i.rolloutId)).size,
    kappa: kappaInterval(cohenKappa(pairs)),
    accuracy: matrix.accuracy,
    precisionMet: rates.precision,
    recallMet: rates.recall,
    unevaluable: judged.filter((i) => i.judge === null).length,
    confusion: { labels: matrix.labels, counts: matrix.counts, refs: matrix.refs, total: matrix.total },
  };
}

function reportSet(items: CalibrationItem[]): SetReport {
  const keys = [...new Set(items.map((i) => i.criterionKey))].sort();
  return {
    overall: computeAgreement(items),
    criteria: keys.map((key) => ({ key, ...computeAgreement(items.filter((i) => i.criterionKey === key)) })),
  };
}

/** The report and the gate's decision: held-out kappa's lower bound and held-out rollouts against the bar. */
export function buildCalibrationReport({
  environmentId,
  items,
  bar = DEFAULT_BAR,
}: {
  environmentId: string;
  items: CalibrationItem[];
  bar?: CalibrationBar;
}): CalibrationReport {
  const dev = items.filter((i) => assignSet(environmentId, i.rolloutId) === "dev");
  const heldOutItems = items.filter((i) => assignSet(environmentId, i.rolloutId) === "held-out");
  const heldOut = reportSet(heldOutItems);
  const reasons: string[] = [];
  const pending = items.filter((i) => !i.isJudged).length;
  if (pending > 0) reasons.push(`${pending} labelled items are not judged by this version yet.`);
  if (heldOut.overall.rollouts < bar.minHeldOut) {
    reasons.push(
      `The held-out set has ${heldOut.overall.rollouts} rollouts with expert scores; the bar needs ${bar.minHeldOut}.`,
    );
  }
  const lower = heldOut.overall.kappa.lower;
  if (lower === null)
    reasons.push("Kappa is undefined on the held-out set (too few items or one category only).");
  else if (lower < bar.minKappaLower) {
    reasons.push(
      `Held-out kappa's 95% lower bound is ${lower.toFixed(2)}; the bar is ${bar.minKappaLower.toFixed(2)}.`,
    );
  }
  return { bar, dev: reportSet(dev), heldOut, pending, isPassed: reasons.length === 0, reasons };
}
