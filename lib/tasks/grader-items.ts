import type { Criterion } from "@/lib/rubrics/schemas";
import type { CoverageInput, SentenceMark } from "./coverage";
import type { VisibleContent } from "./hidden-material";
import type { TaskContent } from "./schemas";

// How a task's content feeds the coverage check and the judge: the effective criteria (a shared
// rubric's first, the task's own after, own keys overriding shared ones) and what the agent sees.

export type SharedRubricRef = { id: string; title: string; criteria: Criterion[]; judgeTemplate: string };

export function listEffectiveCriteria(
  content: Pick<TaskContent, "criteria">,
  shared: SharedRubricRef | null,
): Criterion[] {
  const own = new Set(content.criteria.map((c) => c.key));
  return [...(shared?.criteria.filter((c) => !own.has(c.key)) ?? []), ...content.criteria];
}

/** The judge template in force: the task's own, else the shared rubric's. */
export function pickJudgeTemplate(
  content: Pick<TaskContent, "judgeTemplate">,
  shared: SharedRubricRef | null,
): string {
  return content.judgeTemplate.trim() ? content.judgeTemplate : (shared?.judgeTemplate ?? "");
}

/** Everything the agent sees besides the prompt, labelled for leak findings. */
export function listAgentVisibleTexts(
  content: Pick<TaskContent, "resources">,
): CoverageInput["agentVisible"] {
  const texts = content.resources.flatMap((r) =>
    r.kind === "document" ? [{ label: r.name, text: r.content }] : [],
  );
  const names = content.resources.map((r) => r.name).join("\n");
  return names ? [...texts, { label: "resource names", text: names }] : texts;
}

/** The coverage check's input for a task (dismissals as the latest reason per finding). */
export function buildCoverageInput({
  content,
  shared,
  dismissed = [],
  marks = [],
}: {
  content: VisibleContent;
  shared: SharedRubricRef | null;
  dismissed?: { findingId: string; reason: string }[];
  /** The workspace's sentence marks. */
  marks?: SentenceMark[];
}): CoverageInput {
  return {
    prompt: content.prompt,
    agentVisible: listAgentVisibleTexts(content),
    answerKey: content.answerKey,
    criteria: listEffectiveCriteria(content, shared).map((c) => ({
      key: c.key,
      title: c.title,
      description: c.description,
      requirements: c.requirements,
      isGiveUp: c.isGiveUp,
    })),
    checks: content.checks.map((c) => ({
      id: c.key,
      kind: c.kind,
      description: c.description,
      requirements: c.requirements,
    })),
    giveUp: content.giveUp,
    overrides: content.overrides,
    marks,
    dismissed,
  };
}
