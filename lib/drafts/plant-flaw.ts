import { splitSentences } from "./passages";

// The reverse direction (issue #19): take a correct passage, plant ONE flaw of a chosen kind, and
// keep what was changed as the answer key. Deterministic, so the planted flaw can be proven present
// in the agent's material and absent from the original. The key names the flaw by its place and
// the original wording, never by the planted words, so it does not leak into what the agent sees.

export const FLAW_KINDS = ["wrong-number", "reversed-conclusion", "missing-control"] as const;
export type FlawKind = (typeof FLAW_KINDS)[number];

export const FLAW_KIND_LABELS: Record<FlawKind, string> = {
  "wrong-number": "A wrong number",
  "reversed-conclusion": "A reversed conclusion",
  "missing-control": "A missing control",
};

export type PlantedFlaw = {
  kind: FlawKind;
  /** The passage with the flaw. */
  flawed: string;
  /** 1-based sentence of the passage the flaw is in (for missing-control: the one removed). */
  sentence: number;
  /** The original wording at that place. */
  original: string;
  /** What the flawed passage says instead ("" when a sentence was removed). */
  planted: string;
  answerKey: string;
};

const NUMBER_RE = /(?<![\w.])\d{1,3}(?:,\d{3})*(?:\.\d+)?(?![\w.]*\d)/g;
const YEAR_RE = /^(1[89]|20)\d\d$/;

const DIRECTION_PAIRS: [string, string][] = [
  ["increased", "decreased"],
  ["increase", "decrease"],
  ["increases", "decreases"],
  ["higher", "lower"],
  ["more", "less"],
  ["rose", "fell"],
  ["improved", "worsened"],
  ["improves", "worsens"],
  ["better", "worse"],
  ["above", "below"],
  ["larger", "smaller"],
  ["greater", "smaller"],
  ["positive", "negative"],
  ["supports", "undermines"],
  ["effective", "ineffective"],
  ["reduced", "raised"],
  ["reduces", "raises"],
  ["outperformed", "underperformed"],
];
const OPPOSITE = new Map<string, string>(
  DIRECTION_PAIRS.flatMap(
    ([a, b]) =>
      [
        [a, b],
        [b, a],
      ] as [string, string][],
  ),
);
const CONCLUSION_RE =
  /\b(therefore|thus|hence|conclude[sd]?|suggest(s|ed)?|show(s|ed)?|found|indicates?|results?|overall)\b/i;
const CONTROL_RE =
  /\b(control(s|led)?|placebo|baseline|comparison group|randomi[sz]ed|counterfactual|held[- ]out|untreated)\b/i;

function withCase(word: string, like: string): string {
  return like[0] === like[0].toUpperCase() ? word[0].toUpperCase() + word.slice(1) : word;
}

/** Replaces sentence `index` of `sentences` and joins them back with single spaces. */
function rebuild(sentences: string[], index: number, replacement: string | null): string {
  return sentences
    .flatMap((s, i) => (i === index ? (replacement === null ? [] : [replacement]) : [s]))
    .join(" ");
}

/** A value clearly different from `value`, with the same format (decimals, thousands separators). */
function shiftNumber(value: string): string {
  const plain = Number(value.replace(/,/g, ""));
  const decimals = value.includes(".") ? value.split(".")[1].length : 0;
  const shifted = plain < 10 ? plain * 2 + (plain === 0 ? 3 : 0) : plain * 1.4;
  const fixed = shifted.toFixed(decimals);
  return value.includes(",")
    ? Number(fixed).toLocaleString("en-US", { minimumFractionDigits: decimals })
    : fixed;
}

function plantWrongNumber(sentences: string[], passage: string): PlantedFlaw | null {
  for (let i = 0; i < sentences.length; i++) {
    for (const match of sentences[i].matchAll(NUMBER_RE)) {
      const value = match[0];
      if (YEAR_RE.test(value)) continue;
      // The original value must stand once in the passage, so the key's value is absent from the flawed one.
      if (passage.split(value).length !== 2) continue;
      const planted = shiftNumber(value);
      if (planted === value || passage.includes(planted)) continue;
      const at = match.index ?? 0;
      const changed = sentences[i].slice(0, at) + planted + sentences[i].slice(at + value.length);
      return {
        kind: "wrong-number",
        flawed: rebuild(sentences, i, changed),
        sentence: i + 1,
        original: value,
        planted,
        answerKey: `The planted error is a wrong number in sentence ${i + 1} of the passage: the correct value there is ${value}.`,
      };
    }
  }
  return null;
}

function plantReversal(sentences: string[]): PlantedFlaw | null {
  const order = sentences
    .map((s, i) => ({ s, i }))
    .sort((a, b) => Number(CONCLUSION_RE.test(b.s)) - Number(CONCLUSION_RE.test(a.s)));
  for (const { s, i } of order) {
    for (const match of s.matchAll(/\b[A-Za-z]+\b/g)) {
      const opposite = OPPOSITE.get(match[0].toLowerCase());
      if (!opposite) continue;
      const at = match.index ?? 0;
      const planted = withCase(opposite, match[0]);
      return {
        kind: "reversed-conclusion",
        flawed: rebuild(sentences, i, s.slice(0, at) + planted + s.slice(at + match[0].length)),
        sentence: i + 1,
        original: match[0],
        planted,
        answerKey: `The planted error reverses the direction of sentence ${i + 1} of the passage: the original says "${match[0].toLowerCase()}", so its claim points the other way.`,
      };
    }
  }
  return null;
}

function plantMissingControl(sentences: string[]): PlantedFlaw | null {
  if (sentences.length < 2) return null;
  const i = sentences.findIndex((s) => CONTROL_RE.test(s));
  if (i < 0) return null;
  return {
    kind: "missing-control",
    flawed: rebuild(sentences, i, null),
    sentence: i + 1,
    original: sentences[i],
    planted: "",
    answerKey: `The planted error removes sentence ${i + 1} of the original passage, the comparison its conclusion rests on: "${sentences[i]}" Without it the effect is claimed with no control to compare against.`,
  };
}

/** Plants one flaw of `kind` in `passage`, or returns null when the passage offers no place for it. */
export function plantFlaw({ passage, kind }: { passage: string; kind: FlawKind }): PlantedFlaw | null {
  const sentences = splitSentences(passage.replace(/\s+/g, " ").trim());
  if (sentences.length === 0) return null;
  switch (kind) {
    case "wrong-number":
      return plantWrongNumber(sentences, sentences.join(" "));
    case "reversed-conclusion":
      return plantReversal(sentences);
    case "missing-control":
      return plantMissingControl(sentences);
  }
}
