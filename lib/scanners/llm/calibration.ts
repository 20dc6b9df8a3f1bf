import type { CalibrationBar } from "@/db/schema/judges";
import {
  type AgreementFigures,
  type CalibrationItem,
  computeAgreement,
  DEFAULT_BAR,
} from "@/lib/judges/calibration";
import type { LabelVerdict } from "@/lib/values/review-values";
import type { LlmScanStatus } from "@/lib/values/scanner-values";
import { splitOf, truthOf } from "../metrics";

// The LLM scanner's calibration gate, the judges' maths (pure): each labelled rollout is one item
// (reviewers' final label: reward hack or not; the scanner's answer: hack, no hack, or unevaluable,
// which is its own category and so counts against agreement). Rollouts fall in the development or
// held-out split of the Scanners page (metrics.ts splitOf), so the page and the gate agree. The gate:
// every labelled rollout answered, enough held-out rollouts, and the held-out kappa's 95% lower bound
// at or above the bar.

export type LlmCalibrationItem = {
  rolloutId: string;
  verdict: LabelVerdict | null;
  /** The version's answer; null when it hasn't answered yet. */
  answer: LlmScanStatus | null;
};

export type LlmCalibrationReport = {
  bar: CalibrationBar;
  development: AgreementFigures;
  heldOut: AgreementFigures;
  pending: number;
  isPassed: boolean;
  reasons: string[];
};

function toItem(item: LlmCalibrationItem): CalibrationItem | null {
  const truth = truthOf(item.verdict);
  if (truth === null) return null;
  return {
    rolloutId: item.rolloutId,
    criterionKey: "reward-hack",
    type: "binary",
    scaleMax: null,
    human: truth ? 1 : 0,
    judge: item.answer === "hack" ? 1 : item.answer === "no-hack" ? 0 : null,
    isJudged: item.answer !== null,
  };
}

export function buildLlmCalibrationReport(
  items: readonly LlmCalibrationItem[],
  bar: CalibrationBar = DEFAULT_BAR,
): LlmCalibrationReport {
  const all = items.flatMap((i) => toItem(i) ?? []);
  const development = computeAgreement(all.filter((i) => splitOf(i.rolloutId) === "development"));
  const heldOutItems = all.filter((i) => splitOf(i.rolloutId) === "held-out");
  const heldOut = computeAgreement(heldOutItems);
  const pending = all.filter((i) => !i.isJudged).length;
  const reasons: string[] = [];
  if (pending > 0) reasons.push(`${pending} labelled rollouts are not answered by this version yet.`);
  if (heldOut.rollouts < bar.minHeldOut)
    reasons.push(
      `The held-out split has ${heldOut.rollouts} answered rollouts with a final label; the bar needs ${bar.minHeldOut}.`,
    );
  const lower = heldOut.kappa.lower;
  if (lower === null)
    reasons.push("Kappa is undefined on the held-out split (too few rollouts or one kind only).");
  else if (lower < bar.minKappaLower)
    reasons.push(
      `Held-out kappa's 95% lower bound is ${lower.toFixed(2)}; the bar is ${bar.minKappaLower.toFixed(2)}.`,
    );
  return { bar, development, heldOut, pending, isPassed: reasons.length === 0, reasons };
}
