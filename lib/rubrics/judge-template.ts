import type { Criterion } from "./schemas";

// The LLM judge's instructions are a template. These are the only variables; anything else in
// {{…}} is reported so a typo doesn't silently reach the judge.

export const JUDGE_VARIABLES = ["prompt", "response", "answer_key", "criteria"] as const;
export type JudgeVariable = (typeof JUDGE_VARIABLES)[number];

export const DEFAULT_JUDGE_TEMPLATE = `You are grading one response to a task. Grade only what the criteria ask, using the answer key as the reference. Do not reward length, confidence or style that the criteria do not mention.

## Task given to the agent
{{prompt}}

## Answer key (never shown to the agent)
{{answer_key}}

## Criteria
{{criteria}}

## Response to grade
{{response}}

For each criterion, quote the evidence from the response, then give the score. Answer with JSON only:
{"scores": {"<criterion key>": <score>}, "rationale": "<two or three sentences>"}`;

const VARIABLE_RE = /\{\{\s*([a-zA-Z_][\w]*)\s*\}\}/g;

/** Variables used in a template, and unknown names (likely typos). */
export function listTemplateVariables(template: string): { used: JudgeVariable[]; unknown: string[] } {
  const used = new Set<JudgeVariable>();
  const unknown = new Set<string>();
  for (const match of template.matchAll(VARIABLE_RE)) {
    const name = match[1];
    if ((JUDGE_VARIABLES as readonly string[]).includes(name)) used.add(name as JudgeVariable);
    else unknown.add(name);
  }
  return { used: [...used], unknown: [...unknown] };
}

/** How a criterion is scored, in words the judge reads. */
export function describeScale(criterion: Pick<Criterion, "type" | "scaleMax">): string {
  return criterion.type === "scale" ? `score 0 to ${criterion.scaleMax}` : "score 1 if met, 0 if not";
}

/** The criteria as the judge reads them: key, title, scale, weight, description and examples. */
export function formatCriteria(criteria: Criterion[]): string {
  return criteria
    .map((c) => {
      const lines = [`- [${c.key}] ${c.title} (${describeScale(c)}; weight ${c.weight})`];
      if (c.description.trim()) lines.push(`  ${c.description.trim().replace(/\n/g, "\n  ")}`);
      for (const example of c.passExamples.filter((e) => e.trim()))
        lines.push(`  Meets it: ${example.trim()}`);
      for (const example of c.failExamples.filter((e) => e.trim()))
        lines.push(`  Does not: ${example.trim()}`);
      return lines.join("\n");
    })
    .join("\n");
}

/** Fills the template's variables in one pass (values are never re-scanned for variables). */
export function renderJudgePrompt(
  template: string,
  values: { prompt: string; response: string; answerKey: string; criteria: Criterion[] },
): string {
  const byName: Record<JudgeVariable, string> = {
    prompt: values.prompt,
    response: values.response,
    answer_key: values.answerKey,
    criteria: formatCriteria(values.criteria),
  };
  return template.replace(VARIABLE_RE, (whole, name: string) =>
    Object.hasOwn(byName, name) ? byName[name as JudgeVariable] : whole,
  );
}
