// Which criteria and checks cover which requirements. A grader item covers a requirement when:
// - "id": it lists the requirement's id;
// - "text": it lists the requirement's text, or a close match of it: same normalized text; one
//   contains the other and the shorter is ≥ 60% of the longer (and ≥ 12 chars); or their
//   content-word sets have a Dice overlap ≥ 0.8;
// - "inferred" (conservative, no link needed): the requirement and the item's title+description
//   share a key number (≥ 2 digits or a decimal) or quoted term AND at least one content word; or
//   they share ≥ 3 content words that make up ≥ 50% of the requirement's; or a requirement with
//   only 2–3 content words shares all of them. Content words are stemmed, with stopwords and
//   instruction/grading words ("must", "report", "correctly"…) left out.

import { type ContentTerms, listContentTerms, normalizeSentence, stemWord, tokenizeWords } from "./text";
import type { CoverageCheck, CoverageCriterion, CoverageLink, Requirement } from "./types";
import { STOPWORDS } from "./word-lists";

export type GraderItem = {
  by: CoverageLink["by"];
  key: string;
  /** Criterion title, or check id. */
  title: string;
  /** What the item grades, as text: title + description. */
  content: string;
  refs: string[];
  isGiveUp: boolean;
  /** Content terms of `content`, computed once. */
  terms: ContentTerms;
};

export function listGraderItems(criteria: CoverageCriterion[], checks: CoverageCheck[]): GraderItem[] {
  const items: Omit<GraderItem, "terms">[] = [
    ...criteria.map((c) => ({
      by: "criterion" as const,
      key: c.key,
      title: c.title,
      content: `${c.title}. ${c.description}`,
      refs: c.requirements,
      isGiveUp: c.isGiveUp === true,
    })),
    ...checks.map((c) => ({
      by: "check" as const,
      key: c.id,
      title: c.id,
      content: c.description ?? "",
      refs: c.requirements,
      isGiveUp: false,
    })),
  ];
  return items.map((item) => ({ ...item, terms: listContentTerms(item.content) }));
}

function listStems(text: string): Set<string> {
  return new Set(
    tokenizeWords(text)
      .filter((w) => !STOPWORDS.has(w))
      .map(stemWord),
  );
}

function countShared<T>(a: Set<T>, b: Set<T>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

/** A listed requirement text that is the requirement, give or take edits. */
export function isCloseText(a: string, b: string): boolean {
  const na = normalizeSentence(a);
  const nb = normalizeSentence(b);
  if (na === "" || nb === "") return false;
  if (na === nb) return true;
  const [shorter, longer] = na.length <= nb.length ? [na, nb] : [nb, na];
  if (longer.includes(shorter) && shorter.length >= 12 && shorter.length >= 0.6 * longer.length) return true;
  const sa = listStems(na);
  const sb = listStems(nb);
  if (Math.min(sa.size, sb.size) < 2) return false;
  return (2 * countShared(sa, sb)) / (sa.size + sb.size) >= 0.8;
}

/** Key numbers and quoted terms of `terms` that also occur in `other` (quoted terms as substrings). */
function countStrongShared(terms: ContentTerms, other: ContentTerms, otherText: string): number {
  const lower = otherText.toLowerCase();
  let n = countShared(terms.keyNumbers, other.keyNumbers);
  for (const q of terms.quoted) if (q.length >= 3 && lower.includes(q)) n++;
  return n;
}

/** Coverage by content overlap alone (see the thresholds above). */
export function isInferredCoverage(requirementText: string, itemContent: string): boolean {
  return isInferredFromTerms(listContentTerms(requirementText), listContentTerms(itemContent), itemContent);
}

function isInferredFromTerms(r: ContentTerms, c: ContentTerms, itemContent: string): boolean {
  const shared = countShared(r.words, c.words);
  if (shared >= 1 && countStrongShared(r, c, itemContent) >= 1) return true;
  if (shared >= 3 && shared >= 0.5 * r.words.size) return true;
  return r.words.size >= 2 && r.words.size <= 3 && shared === r.words.size;
}

export function matchLink(
  requirement: Requirement,
  item: GraderItem,
  requirementTerms: ContentTerms = listContentTerms(requirement.text),
): CoverageLink["how"] | null {
  if (item.refs.includes(requirement.id)) return "id";
  if (item.refs.some((ref) => isCloseText(ref, requirement.text))) return "text";
  if (isInferredFromTerms(requirementTerms, item.terms, item.content)) return "inferred";
  return null;
}

/**
 * Whether what an item grades shows up anywhere in the prompt: ≥ 50% of its content words and
 * key terms occur there. Returns the content words that don't, for the message.
 */
export function findMissingContent(
  itemContent: string,
  prompt: string,
): { appears: boolean; missing: string[] } {
  const item = listContentTerms(itemContent);
  const promptTerms = listContentTerms(prompt);
  const total = item.words.size + item.keyNumbers.size + item.quoted.size;
  if (total === 0) return { appears: false, missing: [] };
  const found = countShared(item.words, promptTerms.words) + countStrongShared(item, promptTerms, prompt);
  const missingStems = new Set([...item.words].filter((w) => !promptTerms.words.has(w)));
  const missing = [
    ...new Set(tokenizeWords(itemContent).filter((w) => !STOPWORDS.has(w) && missingStems.has(stemWord(w)))),
  ];
  return { appears: found / total >= 0.5, missing };
}
