// The model-assisted coverage check, independent of how the model is reached: it puts three kinds
// of question to `ask` (is this sentence a requirement or background, does this criterion cover
// this requirement, does this passage give the key away) and writes the model's verdict and reason
// beside each finding. The deterministic finding always stays; `model.agrees` says whether the
// model sees it the same way.

import { listConcepts, listSharedConcepts } from "../concepts";
import type { CoverageInput, CoverageResult, Finding, SentenceMark } from "../types";
import type { ModelAnswer, ModelQuestion } from "./prompts";

export type AskModel = (question: ModelQuestion) => Promise<ModelAnswer | null>;

/** At most this many criteria are put to the model per unchecked requirement (closest first). */
const CRITERIA_PER_REQUIREMENT = 3;

function closestCriteria(input: CoverageInput, requirement: string): CoverageInput["criteria"] {
  const concepts = listConcepts(requirement);
  return input.criteria
    .filter((c) => !c.isGiveUp)
    .map((c) => ({ c, n: listSharedConcepts(concepts, listConcepts(`${c.title}. ${c.description}`)).length }))
    .sort((a, b) => b.n - a.n)
    .slice(0, CRITERIA_PER_REQUIREMENT)
    .map(({ c }) => c);
}

function passageAround(text: string, start: number, end: number): string {
  return text
    .slice(Math.max(0, start - 160), Math.min(text.length, end + 160))
    .replace(/\s+/g, " ")
    .trim();
}

async function reviewUnchecked(input: CoverageInput, finding: Finding, marks: SentenceMark[], ask: AskModel) {
  const requirement = finding.requirement;
  if (!requirement) return null;
  const asks = await ask({ kind: "asks", sentence: requirement.text, context: "", examples: marks });
  if (asks && !asks.verdict)
    return { agrees: false, reason: `Background, not a requirement: ${asks.reason}` };
  for (const criterion of closestCriteria(input, requirement.text)) {
    const covers = await ask({
      kind: "covers",
      requirement: requirement.text,
      criterion: `${criterion.title}: ${criterion.description}`,
    });
    if (covers?.verdict)
      return { agrees: false, reason: `Covered by "${criterion.title}": ${covers.reason}` };
  }
  return asks ? { agrees: true, reason: asks.reason } : null;
}

async function reviewLeak(input: CoverageInput, finding: Finding, ask: AskModel) {
  const location = finding.location;
  if (!location) return null;
  const text =
    location.label === "prompt"
      ? input.prompt
      : (input.agentVisible.find((v) => v.label === location.label)?.text ??
        (location.label === "give-up instructions" ? input.giveUp.instructions : ""));
  const answer = await ask({
    kind: "leaks",
    keyPiece: text.slice(location.start, location.end),
    passage: passageAround(text, location.start, location.end),
  });
  return answer ? { agrees: answer.verdict, reason: answer.reason } : null;
}

/** The result with `model` set on every finding the model was asked about. */
export async function reviewWithModel({
  input,
  result,
  ask,
  model,
}: {
  input: CoverageInput;
  result: CoverageResult;
  ask: AskModel;
  model: string;
}): Promise<CoverageResult> {
  const marks = input.marks ?? [];
  const findings: Finding[] = [];
  for (const finding of result.findings) {
    const review =
      finding.kind === "unchecked-requirement"
        ? await reviewUnchecked(input, finding, marks, ask)
        : finding.kind === "answer-key-leak"
          ? await reviewLeak(input, finding, ask)
          : null;
    findings.push(review ? { ...finding, model: { ...review, model } } : finding);
  }
  return { ...result, findings };
}
