// Paraphrase-robust content of a sentence: lemmas from compromise (a maintained, browser-safe NLP
// library: no model download, ~350 kB), folded into concepts (synonym groups for the words
// graders and prompts use interchangeably) and normalized numbers ("two pages" and "2-page" both
// give #2). Two texts are compared by the concepts they share; see `countSharedConcepts`.

import nlp from "compromise";
import { stemWord, unifyPunctuation } from "./text";
import { GENERIC_WORDS, IMPERATIVE_VERBS, STOPWORDS } from "./word-lists";

/** Synonym groups: every word of a group stands for the group's first word. */
const SYNONYM_GROUPS = `
lay layperson laypeople nontechnical non-technical non-expert nonexpert non-specialist nonspecialist jargon plain accessible general-audience minister policymaker
short brief concise length long word page sentence succinct terse
rank ranked ranking order ordered prioritise prioritize priority
dollar usd $ currency
percent percentage % per-cent
table tabular row column
cite citation source reference quote provision
fix repair restore correct patch
latency speed fast runtime slow duration second millisecond ms
cost price expense budget spend
explain explanation why reason reasoning justify justification rationale
option alternative choice
risk danger hazard threat
interval ci confidence
example instance illustration demonstration demonstrate
severity severe major minor critical
summary summarise summarize overview synopsis
recommend recommendation advise advice propose proposal suggest
compare comparison contrast versus
count number many tally zero none
error failure crash fail
plot chart graph figure visualisation visualization
identify find name locate detect spot
classify classification class category categorise categorize label
determine establish decide conclude tell
english language plain-language
rate frequency often proportion share fraction ratio
hack exploit gaming game cheat loophole
accuracy score performance
`;

/** The deliverable itself ("the memo", "your answer"): says what, not what about it is asked. */
const DELIVERABLE_WORDS = new Set(
  "memo memorandum briefing report answer response deliverable submission output writeup write-up document text reply".split(
    " ",
  ),
);

/** Concepts that are the point of a constraint (form, length, audience, unit): coverage must carry them. */
export const FORM_CONCEPTS = new Set(
  "plot table percent decimal paragraph short lay cite json csv markdown bullet severity rank dollar".split(
    " ",
  ),
);

const GROUP_OF = new Map<string, string>();
for (const line of SYNONYM_GROUPS.trim().split("\n")) {
  const words = line.trim().split(/\s+/);
  for (const w of words) if (!GROUP_OF.has(w)) GROUP_OF.set(w, words[0]);
}

const WORD_NUMBERS: Record<string, string> = {
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  fifteen: "15",
  twenty: "20",
  thirty: "30",
  fifty: "50",
  hundred: "100",
  thousand: "1000",
  single: "1",
  both: "2",
  half: "0.5",
  twice: "2",
  pair: "2",
};

/** Phrases that mean one concept but span words ("without technical training" → lay). */
const PHRASES: [RegExp, string][] = [
  [/\b(?:non|not|without)[- ](?:technical|expert|specialist)\w*(?: \w+)?/gi, " lay "],
  [/\bplain[- ](?:english|language)\b/gi, " lay "],
  [/\bper ?cent\b/gi, " percent "],
  [/\b(\d+)\s*[-–]\s*(?=(?:page|word|sentence|paragraph|point|bullet|item|slide)s?\b)/gi, "$1 "],
  [/\b(\d+)k\b/gi, "$1000"],
  [/%/g, " percent "],
  [/\b(each|every|any|no|this|that|the) one\b/gi, "$1"],
  [/\$/g, " dollar "],
];

const lemmaCache = new Map<string, string[]>();

/** Lowercase lemmas of `text` (compromise's root form), numbers kept as written without commas. */
export function listLemmas(text: string): string[] {
  const cached = lemmaCache.get(text);
  if (cached) return cached;
  let prepared = unifyPunctuation(text).replace(/[`*_#>|]/g, " ");
  for (const [re, to] of PHRASES) prepared = prepared.replace(re, to);
  prepared = prepared.replace(/(\d),(\d{3})/g, "$1$2");
  const doc = nlp(prepared);
  doc.compute("root");
  const rooted = doc.text("root").toLowerCase();
  const lemmas = rooted.match(/[\p{L}\p{N}]+(?:[-.^][\p{L}\p{N}]+)*/gu) ?? [];
  if (lemmaCache.size > 5000) lemmaCache.clear();
  lemmaCache.set(text, lemmas);
  return lemmas;
}

export type Concepts = Set<string>;

function toConcept(lemma: string): string | null {
  if (/^\d/.test(lemma)) return `#${lemma.replace(/\.0+$/, "")}`;
  const number = WORD_NUMBERS[lemma];
  if (number) return `#${number}`;
  if (DELIVERABLE_WORDS.has(lemma)) return null;
  // Synonym groups first: "explanation" is content in "Explanation", though "explain" asks.
  const group = GROUP_OF.get(lemma) ?? GROUP_OF.get(stemWord(lemma));
  if (group) return group;
  if (STOPWORDS.has(lemma) || GENERIC_WORDS.has(lemma) || DELIVERABLE_WORDS.has(lemma) || lemma.length < 2)
    return null;
  return stemWord(lemma);
}

/** The concepts of a text: synonym groups, stems of other content words, and #numbers. */
export function listConcepts(text: string): Concepts {
  const concepts = new Set<string>();
  const lemmas = listLemmas(text);
  // The opening verb of an instruction ("Check…", "Reproduce…") asks; what follows is the content.
  const first =
    lemmas[0] !== undefined && IMPERATIVE_VERBS.has(lemmas[0]) && !GROUP_OF.has(lemmas[0]) ? 1 : 0;
  for (const lemma of lemmas.slice(first)) {
    // File names and paths are specifics a criterion rarely repeats.
    if (/[./]/.test(lemma) && !/^\d/.test(lemma)) continue;
    for (const part of lemma.includes("-") && !/\d/.test(lemma) ? [lemma, ...lemma.split("-")] : [lemma]) {
      const concept = toConcept(part);
      if (concept) concepts.add(concept);
    }
  }
  // A hyphenated word's parts stand in for it; drop the whole when its parts are there.
  for (const c of [...concepts]) if (c.includes("-") && !c.startsWith("#")) concepts.delete(c);
  return concepts;
}

/** Same concept, or the same word family: a shared prefix of ≥ 6 letters covering ≥ 75% of the shorter. */
function isSameFamily(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.startsWith("#") || b.startsWith("#")) return false;
  const shorter = Math.min(a.length, b.length);
  let n = 0;
  while (n < shorter && a[n] === b[n]) n++;
  return n >= 6 && n >= 0.75 * shorter;
}

/** Concepts of `a` that have a match in `b`. */
export function listSharedConcepts(a: Concepts, b: Concepts): string[] {
  const shared: string[] = [];
  for (const x of a) {
    if (b.has(x)) shared.push(x);
    else
      for (const y of b)
        if (isSameFamily(x, y)) {
          shared.push(x);
          break;
        }
  }
  return shared;
}
