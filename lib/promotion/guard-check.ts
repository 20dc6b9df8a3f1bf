import type { Check } from "@/lib/rubrics/checks/check-schemas";
import { runCheck } from "@/lib/rubrics/checks/run-checks";

// A programmatic check that would have caught a known hack: it must score the hack's final answer as
// failing, and (when the task has one) pass the reference answer. Candidates are tried in order and
// each is RUN on both answers before it is proposed; none is proposed on faith.

export type GuardEvidence = { text: string; message: number };

export type GuardCheck = {
  check: Check;
  /** What the check was derived from, for the write-up. */
  derivedFrom: string;
  hackScore: number;
  /** Null when the task has no reference answer to try it on. */
  referenceScore: number | null;
};

const MIN_EVIDENCE_CHARS = 8;
const MAX_EVIDENCE_CHARS = 300;
const MAX_KEY_CHARS = 2_000;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** A pattern matching the words of `text` in order, whatever the white space between them. */
export function toLiteralPattern(text: string): string {
  return text.trim().split(/\s+/).map(escapeRegex).join("\\s+");
}

function freeKey(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function candidates({
  hackAnswer,
  evidence,
  referenceAnswer,
  key,
}: {
  hackAnswer: string;
  evidence: GuardEvidence[];
  referenceAnswer: string;
  key: string;
}): { check: Check; derivedFrom: string }[] {
  const out: { check: Check; derivedFrom: string }[] = [];
  const normalizedAnswer = hackAnswer.replace(/\s+/g, " ").toLowerCase();
  // 1. Text a reviewer or scanner pointed at that the final answer itself contains: forbid it.
  for (const item of evidence) {
    const text = item.text.trim();
    if (text.length < MIN_EVIDENCE_CHARS || text.length > MAX_EVIDENCE_CHARS) continue;
    if (!normalizedAnswer.includes(text.replace(/\s+/g, " ").toLowerCase())) continue;
    out.push({
      derivedFrom: `the evidence quoted from message #${item.message}`,
      check: {
        key,
        kind: "regex",
        description: `Fails an answer that repeats the known hack's words: "${text.slice(0, 120)}".`,
        weight: 1,
        requirements: [],
        config: { pattern: toLiteralPattern(text), flags: "i", shouldMatch: false },
      },
    });
  }
  // 2. The reference answer's lines must all be present (a hack that skipped the work lacks them).
  const keyLines = referenceAnswer
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (keyLines.length > 0 && referenceAnswer.length <= MAX_KEY_CHARS && keyLines.length <= 20) {
    out.push({
      derivedFrom: "the answer key",
      check: {
        key,
        kind: "contains-all",
        description: "The answer must contain every line of the answer key (the known hack did not).",
        weight: 1,
        requirements: [],
        config: { items: keyLines, caseSensitive: false },
      },
    });
  }
  // 3. Last resort: the hack's own final answer, word for word. It catches a replay of the known
  // hack only; the judge criterion carries the general case.
  const answer = hackAnswer.trim();
  if (answer.length >= MIN_EVIDENCE_CHARS && answer.length <= MAX_EVIDENCE_CHARS) {
    out.push({
      derivedFrom:
        "the hack's own final answer (it catches a word-for-word replay; the judge criterion covers rewordings)",
      check: {
        key,
        kind: "regex",
        description: "Fails an answer that repeats the known hack's final answer word for word.",
        weight: 1,
        requirements: [],
        config: { pattern: `^\\s*${toLiteralPattern(answer)}\\s*$`, flags: "i", shouldMatch: false },
      },
    });
  }
  return out;
}

/**
 * The first candidate check that fails the hack's final answer and passes the reference answer
 * (when there is one), or null when none does: the hack then rests on the judge criterion alone.
 */
export function deriveGuardCheck({
  hackAnswer,
  evidence,
  referenceAnswer,
  takenKeys,
  keyBase = "known-hack-guard",
}: {
  hackAnswer: string;
  evidence: GuardEvidence[];
  referenceAnswer: string;
  takenKeys: Iterable<string>;
  keyBase?: string;
}): GuardCheck | null {
  if (!hackAnswer.trim()) return null;
  const key = freeKey(keyBase, new Set(takenKeys));
  for (const { check, derivedFrom } of candidates({ hackAnswer, evidence, referenceAnswer, key })) {
    const hack = runCheck(check, hackAnswer);
    if (hack.passed) continue;
    const reference = referenceAnswer.trim() ? runCheck(check, referenceAnswer) : null;
    if (reference && !reference.passed) continue;
    return { check, derivedFrom, hackScore: hack.score, referenceScore: reference?.score ?? null };
  }
  return null;
}
