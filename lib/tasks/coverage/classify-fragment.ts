// Requirements stated without a verb of asking: fragments ("Three options, ranked.", "Figures in
// 2024 dollars.", "No more than two pages.") and facts about the deliverable ("The memo is for a
// non-technical minister."). They count only outside background sections (see classify-requirement).

import nlp from "compromise";
import { stripMarkdown, unifyPunctuation } from "./text";
import { IMPERATIVE_VERBS } from "./word-lists";

const DELIVERABLE_FACT_RE =
  /^(?:the|your|this|each|every|a|an)\s+(?:final\s+)?(?:memo|memorandum|brief|briefing|report|answer|response|write-?up|summary|design|proposal|plan|essay|note|analysis|deliverable|submission|output|table|list|recommendation|review|assessment|critique|paper|letter|email|slide deck|presentation|audience|reader|readership|tone|format|length|word limit|page limit|budget)s?\s+(?:is|are|should be|will be|goes|go)\s+(?:for|to|aimed|addressed|written|meant|intended|at most|no more than|limited|capped|under|between)\b/i;
/** Citations, titles and sign-offs look like fragments but ask nothing. */
const NOT_A_CONSTRAINT_RE =
  /\bet al\.|^\(?\d{4}\)?\.?$|^(?:thanks|thank you|good luck|best|cheers|regards|hello|hi|dear|welcome)\b|^(?:source|sources|see|cf|figure|table|fig|appendix|section|chapter|article|annex|step|part)\b[^,]{0,40}$/i;
const BOUND_START_RE =
  /^(?:no more than|no fewer than|no less than|not more than|at most|at least|max(?:imum)?|min(?:imum)?|under|fewer than|less than|up to|between|ideally|preferably|roughly|no longer than|no shorter than)\b/i;

function clean(text: string): string {
  return stripMarkdown(unifyPunctuation(text)).replace(/\s+/g, " ").trim();
}

/** "The memo is for a non-technical minister.": a fact that constrains the deliverable. */
export function isDeliverableFact(sentence: string): boolean {
  return DELIVERABLE_FACT_RE.test(clean(sentence));
}

/** A verbless (or participle-only) fragment with content: "Three options, ranked." */
export function isConstraintFragment(sentence: string): boolean {
  const text = clean(sentence).replace(/[.!;]+$/, "");
  if (text.endsWith(":") || text.endsWith("?") || NOT_A_CONSTRAINT_RE.test(text)) return false;
  const words = text.split(/\s+/);
  if (words.length < 2 || words.length > 16) return false;
  const [sentenceJson] = nlp(text).json({ terms: { tags: true } }) as {
    terms: { text: string; normal: string; tags: string[] }[];
  }[];
  const terms = sentenceJson?.terms ?? [];
  const isFiniteVerb = (t: { normal: string; tags: string[] }, i: number) => {
    if (!t.tags.includes("Verb")) return false;
    // A participle after its noun ("options, ranked") or a noun-like first word ("Budget in…").
    if (t.tags.includes("PastTense") && i > 0 && (terms[i - 1].text.endsWith(",") || i === terms.length - 1))
      return false;
    if (t.tags.includes("Gerund") && i > 0) return false;
    if (i === 0 && !IMPERATIVE_VERBS.has(t.normal)) return false;
    if (t.tags.includes("Adjective")) return false;
    return true;
  };
  return !terms.some(isFiniteVerb);
}

/** A fragment that bounds the sentence before it: "Keep it short. No more than 600 words." */
export function isBoundContinuation(sentence: string): boolean {
  const text = clean(sentence);
  return BOUND_START_RE.test(text) && isConstraintFragment(text);
}
