import { isBoundContinuation } from "./classify-fragment";
import { classifyProcess } from "./classify-process";
import { explainRequirementSentence, isRequirementSentence } from "./classify-requirement";
import { type PromptSentence, segmentPrompt } from "./segment-markdown";
import { hashText, normalizeSentence } from "./text";
import type { Requirement, RequirementOverrides, SentenceMark, Span } from "./types";

const ASKS_FOR_CODE_RE =
  /\b(?:write|implement|return|submit|provide|create|build|fix|modify|produce|deliver|add|refactor)\b[^.\n]{0,60}?\b(?:function|script|code|program|implementation|module|class|notebook|patch|pull request|cli|endpoint)\b/i;

/** The prompt asks for code, so tool, library and precision choices show in the deliverable. */
export function isCodeTask(prompt: string): boolean {
  return ASKS_FOR_CODE_RE.test(prompt);
}

/** `req-<hash of normalized text>`, suffixed `-2`, `-3`… for repeats of the same sentence. */
function assignIds<T extends { text: string }>(
  items: T[],
  taken = new Set<string>(),
): (T & { id: string })[] {
  return items.map((item) => {
    const base = `req-${hashText(normalizeSentence(item.text))}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return { ...item, id };
  });
}

/** A marked span clamped to the prompt and trimmed of surrounding whitespace; null when empty. */
function trimSpan(prompt: string, span: Span): Span | null {
  let start = Math.max(0, Math.min(prompt.length, Math.floor(span.start)));
  let end = Math.max(start, Math.min(prompt.length, Math.floor(span.end)));
  while (start < end && /\s/.test(prompt[start])) start++;
  while (end > start && /\s/.test(prompt[end - 1])) end--;
  return normalizeSentence(prompt.slice(start, end)) === "" ? null : { start, end };
}

type AskingSentence = PromptSentence & { why: string };

/** Sentences of the prompt that ask something of the agent, before overrides. */
function listAutoSentences(prompt: string, marks: SentenceMark[]): AskingSentence[] {
  const markOf = new Map(marks.map((m) => [normalizeSentence(m.text), m.verdict]));
  const sentences = segmentPrompt(prompt);
  const asksForCode = isCodeTask(prompt);
  const leadInVerdicts = new Map<PromptSentence, boolean>();
  // A lead-in that is an outcome requirement hands its obligation to its items ("must cover:").
  const isOutcomeLeadIn = (leadIn: PromptSentence) => {
    let verdict = leadInVerdicts.get(leadIn);
    if (verdict === undefined) {
      const context = {
        heading: leadIn.heading,
        isListItem: leadIn.isListItem,
        isUnderRequirementLeadIn: false,
      };
      verdict =
        isRequirementSentence(leadIn.text, context) &&
        !classifyProcess({ text: leadIn.text, asksForCode }).isProcess;
      leadInVerdicts.set(leadIn, verdict);
    }
    return verdict;
  };
  const asks = sentences.map((s): string | null => {
    // The workspace's marks win: an author said this sentence is background, or a requirement.
    const mark = markOf.get(normalizeSentence(s.text));
    if (mark === "background") return null;
    if (mark === "requirement") return "marked as a requirement for this workspace";
    if (s.introducesList && isOutcomeLeadIn(s)) return null;
    const isUnderRequirementLeadIn = s.leadIn !== null && isOutcomeLeadIn(s.leadIn);
    return explainRequirementSentence(s.text, {
      heading: s.heading,
      isListItem: s.isListItem,
      isUnderRequirementLeadIn,
    });
  });
  // A bound split over two sentences is one requirement: "Keep it short. No more than 600 words."
  const joined: AskingSentence[] = [];
  sentences.forEach((s, i) => {
    const previous = joined.at(-1);
    const isBound =
      i > 0 &&
      asks[i - 1] !== null &&
      markOf.get(normalizeSentence(s.text)) !== "background" &&
      sentences[i - 1].block === s.block &&
      isBoundContinuation(s.text);
    if (isBound && previous?.start === sentences[i - 1].start) {
      joined[joined.length - 1] = {
        ...previous,
        end: s.end,
        text: prompt.slice(previous.start, s.end),
        why: `${previous.why}, bounded by the next sentence`,
      };
    } else {
      const why = asks[i];
      if (why !== null) joined.push({ ...s, why });
    }
  });
  return joined;
}

/** A requirement plus what makes it a process requirement (for messages). */
export type DetailedRequirement = Requirement & { processWhat?: string };

/**
 * Requirements of a prompt: auto-extracted sentences minus the ones the author unmarked, plus the
 * spans the author marked. A marked span replaces every auto requirement it overlaps.
 */
export function extractRequirements(
  prompt: string,
  overrides?: RequirementOverrides,
  marks: SentenceMark[] = [],
): Requirement[] {
  return extractDetailedRequirements(prompt, overrides, marks).map(
    ({ processWhat: _, ...requirement }) => requirement,
  );
}

export function extractDetailedRequirements(
  prompt: string,
  overrides?: RequirementOverrides,
  marks: SentenceMark[] = [],
): DetailedRequirement[] {
  const asksForCode = isCodeTask(prompt);
  const autoSentences = listAutoSentences(prompt, marks);
  const unmarked = new Set(overrides?.unmarked ?? []);
  const marked = (overrides?.marked ?? [])
    .map((span) => trimSpan(prompt, span))
    .filter((span): span is Span => span !== null)
    .sort((a, b) => a.start - b.start)
    .filter((span, i, all) => i === 0 || span.start >= all[i - 1].end);
  const overlapsMarked = (s: Span) => marked.some((m) => s.start < m.end && m.start < s.end);

  const auto = assignIds(autoSentences).filter((s) => !unmarked.has(s.id) && !overlapsMarked(s));
  const manual = assignIds(
    marked.map((span) => ({
      ...span,
      text: prompt.slice(span.start, span.end),
      leadIn: null,
      why: "marked by hand on this task",
    })),
    new Set(auto.map((s) => s.id)),
  );

  const requirements = [
    ...auto.map((s) => ({ ...s, source: "auto" as const })),
    ...manual.map((s) => ({ ...s, source: "manual" as const })),
  ].sort((a, b) => a.start - b.start);

  return requirements.map(({ id, text, start, end, source, leadIn, why }) => {
    const verdict = classifyProcess({ text, leadIn: leadIn?.text, asksForCode });
    const base = { id, text, start, end, source, why, isProcess: verdict.isProcess };
    return verdict.isProcess ? { ...base, processHint: verdict.hint, processWhat: verdict.what } : base;
  });
}
