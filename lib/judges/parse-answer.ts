import type { EvidenceQuote } from "@/db/schema/judges";
import type { JudgeCriterion } from "./judge-prompt";

// Reads a judge's answer. The contract is {"criteria":[{key, reason, verdict|score, evidence}]}; the
// older rubric-template shape {"scores":{key:n},"rationale":"…"} is read too. A criterion whose entry
// is missing or off its scale is unreadable: the caller asks once more, then stores it `unevaluable`
// with the raw answer. Nothing unreadable ever becomes a score of 0.

export type CriterionOutcome =
  | {
      key: string;
      status: "scored";
      /** On the criterion's scale: binary 1 (met) or 0 (not met); scale 0..scaleMax. */
      score: number;
      verdict: "met" | "not-met" | null;
      reason: string;
      evidence: EvidenceQuote[];
    }
  | { key: string; status: "unevaluable"; problem: string };

export type ParsedAnswer = {
  outcomes: CriterionOutcome[];
  /** True when every criterion was read. */
  isComplete: boolean;
  /** Why the answer as a whole couldn't be read (not JSON at all), if so. */
  problem: string | null;
};

/** The JSON object in an answer: the whole text, a ```json fence, or the outermost {…}. */
export function extractJson(text: string): unknown {
  const candidates = [text.trim()];
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fence) candidates.push(fence[1].trim());
  const first = text.indexOf("{");
  const last = text.lastIndexOf("}");
  if (first !== -1 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function toNumber(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

function readBinary(entry: Record<string, unknown>): number | null {
  const verdict = entry.verdict ?? entry.met;
  if (typeof verdict === "boolean") return verdict ? 1 : 0;
  if (typeof verdict === "string") {
    const word = verdict
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, "-");
    if (["met", "yes", "pass", "true", "satisfied"].includes(word)) return 1;
    if (["not-met", "unmet", "no", "fail", "false", "not-satisfied"].includes(word)) return 0;
  }
  const score = toNumber(entry.score ?? verdict);
  return score === 0 || score === 1 ? score : null;
}

function readEvidence(value: unknown): EvidenceQuote[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isRecord(item)) return [];
    const message = toNumber(item.message ?? item.index);
    const quote =
      typeof item.quote === "string" ? item.quote : typeof item.text === "string" ? item.text : "";
    return message !== null && Number.isInteger(message) && message >= 0 && quote
      ? [{ message, quote: quote.slice(0, 2_000) }]
      : [];
  });
}

function readEntry(
  criterion: JudgeCriterion,
  entry: Record<string, unknown>,
  fallbackReason: string,
): CriterionOutcome {
  const reason = typeof entry.reason === "string" ? entry.reason : fallbackReason;
  const evidence = readEvidence(entry.evidence);
  if (criterion.type === "scale") {
    const score = toNumber(entry.score);
    const max = criterion.scaleMax ?? 1;
    if (score === null || score < 0 || score > max) {
      return { key: criterion.key, status: "unevaluable", problem: `No score from 0 to ${max}.` };
    }
    return { key: criterion.key, status: "scored", score, verdict: null, reason, evidence };
  }
  const score = readBinary(entry);
  if (score === null)
    return { key: criterion.key, status: "unevaluable", problem: 'No verdict "met" or "not-met".' };
  return {
    key: criterion.key,
    status: "scored",
    score,
    verdict: score === 1 ? "met" : "not-met",
    reason,
    evidence,
  };
}

export function parseJudgeAnswer(text: string, criteria: JudgeCriterion[]): ParsedAnswer {
  const json = extractJson(text);
  if (!isRecord(json)) {
    const problem = json === undefined ? "The answer is not JSON." : "The answer is not a JSON object.";
    return {
      outcomes: criteria.map((c) => ({ key: c.key, status: "unevaluable", problem })),
      isComplete: criteria.length === 0,
      problem,
    };
  }
  const entries = new Map<string, Record<string, unknown>>();
  if (Array.isArray(json.criteria)) {
    for (const entry of json.criteria)
      if (isRecord(entry) && typeof entry.key === "string") entries.set(entry.key, entry);
  } else if (isRecord(json.criteria)) {
    for (const [key, entry] of Object.entries(json.criteria)) if (isRecord(entry)) entries.set(key, entry);
  }
  if (isRecord(json.scores)) {
    for (const [key, score] of Object.entries(json.scores))
      if (!entries.has(key)) entries.set(key, { score, verdict: score });
  }
  const rationale = typeof json.rationale === "string" ? json.rationale : "";
  const outcomes = criteria.map((criterion): CriterionOutcome => {
    const entry = entries.get(criterion.key);
    return entry
      ? readEntry(criterion, entry, rationale)
      : { key: criterion.key, status: "unevaluable", problem: "The answer has no entry for this criterion." };
  });
  return { outcomes, isComplete: outcomes.every((o) => o.status === "scored"), problem: null };
}
