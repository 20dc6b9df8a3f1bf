import "server-only";
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type Judge, providers, rubricCriteria, rubrics, taskAnswerKeys, tasks } from "@/db/schema";
import { toCriterion } from "@/lib/tasks/load-content";
import type { JudgeCriterion } from "./judge-prompt";

// What a judge version freezes: its instructions, providers and models, sampling, and per task the
// criteria it grades (shared rubric criteria first), plus, apart, the task prompts and answer keys the
// prompt quotes. The fingerprint hashes all of it, so any change (rubric, answer key, model,
// temperature, template) makes a new version, and an unchanged judge keeps its version.

export type SnapshotProvider = {
  id: string;
  name: string;
  kind: "openai" | "anthropic";
  model: string;
  baseUrl: string;
};
export type SnapshotTask = { key: string; title: string; template: string; criteria: JudgeCriterion[] };

export type JudgeSnapshot = {
  name: string;
  template: string;
  sampling: { temperature: number; maxTokens: number };
  /** The panel; one member for a single judge. */
  providers: SnapshotProvider[];
  criteriaKeys: string[] | null;
  tasks: SnapshotTask[];
};

export type JudgeHidden = { tasks: Record<string, { prompt: string; answerKey: string }> };

/** The fields of a criterion the judge sees (and a version's fingerprint hashes). */
export function toJudgeCriterion(criterion: JudgeCriterion): JudgeCriterion {
  const { key, title, description, weight, type, scaleMax, passExamples, failExamples } = criterion;
  return { key, title, description, weight, type, scaleMax, passExamples, failExamples };
}

/**
 * The criteria a judge grades of one task: the rubric's in order (a shared rubric's first, the
 * task's own after), the first of a key only, limited to the judge's keys when it names them.
 */
export function pickJudgedCriteria(
  ordered: readonly JudgeCriterion[],
  wanted: ReadonlySet<string> | null,
): JudgeCriterion[] {
  const seen = new Set<string>();
  return ordered.filter((c) => {
    if (seen.has(c.key) || (wanted && !wanted.has(c.key))) return false;
    seen.add(c.key);
    return true;
  });
}

/** The instructions for a task: its rubric's template, else the judge's. */
export function pickTaskTemplate(rubricTemplate: string, judgeTemplate: string): string {
  return rubricTemplate.trim() || judgeTemplate;
}

export function fingerprintOf(snapshot: JudgeSnapshot, hidden: JudgeHidden): string {
  return createHash("sha256").update(JSON.stringify({ snapshot, hidden })).digest("hex");
}

export async function buildJudgeSnapshot(
  executor: Executor,
  judge: Judge,
): Promise<{ snapshot: JudgeSnapshot; hidden: JudgeHidden; fingerprint: string }> {
  const memberIds = [judge.providerId, ...judge.panelProviderIds];
  const providerRows = await executor
    .select({
      id: providers.id,
      name: providers.name,
      kind: providers.kind,
      model: providers.model,
      baseUrl: providers.baseUrl,
    })
    .from(providers)
    .where(and(eq(providers.workspaceId, judge.workspaceId), inArray(providers.id, memberIds)));
  const members = memberIds.flatMap((id) => providerRows.filter((p) => p.id === id));

  const taskRows = await executor
    .select({
      id: tasks.id,
      key: tasks.key,
      title: tasks.title,
      prompt: tasks.prompt,
      answerKey: taskAnswerKeys.answerKey,
    })
    .from(tasks)
    .leftJoin(taskAnswerKeys, eq(taskAnswerKeys.taskId, tasks.id))
    .where(and(eq(tasks.environmentId, judge.environmentId), isNull(tasks.archivedAt)))
    .orderBy(asc(tasks.key));
  const rubricRows = taskRows.length
    ? await executor
        .select({
          id: rubrics.id,
          taskId: rubrics.taskId,
          sharedRubricId: rubrics.sharedRubricId,
          judgeTemplate: rubrics.judgeTemplate,
        })
        .from(rubrics)
        .where(
          and(
            inArray(
              rubrics.taskId,
              taskRows.map((t) => t.id),
            ),
            isNull(rubrics.archivedAt),
          ),
        )
    : [];
  const rubricIds = [
    ...new Set(rubricRows.flatMap((r) => (r.sharedRubricId ? [r.id, r.sharedRubricId] : [r.id]))),
  ];
  const criterionRows = rubricIds.length
    ? await executor
        .select()
        .from(rubricCriteria)
        .where(inArray(rubricCriteria.rubricId, rubricIds))
        .orderBy(asc(rubricCriteria.position))
    : [];

  const wanted = judge.criteriaKeys ? new Set(judge.criteriaKeys) : null;
  const snapshotTasks: SnapshotTask[] = [];
  const hidden: JudgeHidden = { tasks: {} };
  for (const task of taskRows) {
    const rubric = rubricRows.find((r) => r.taskId === task.id);
    const ordered = rubric
      ? [
          ...criterionRows.filter((c) => c.rubricId === rubric.sharedRubricId),
          ...criterionRows.filter((c) => c.rubricId === rubric.id),
        ]
      : [];
    const criteria = pickJudgedCriteria(
      ordered.map((row) => toJudgeCriterion(toCriterion(row))),
      wanted,
    );
    if (criteria.length === 0) continue;
    snapshotTasks.push({
      key: task.key,
      title: task.title,
      template: pickTaskTemplate(rubric?.judgeTemplate ?? "", judge.template),
      criteria,
    });
    hidden.tasks[task.key] = { prompt: task.prompt, answerKey: task.answerKey ?? "" };
  }
  const snapshot: JudgeSnapshot = {
    name: judge.name,
    template: judge.template,
    sampling: { temperature: judge.temperature, maxTokens: judge.maxTokens },
    providers: members,
    criteriaKeys: judge.criteriaKeys,
    tasks: snapshotTasks,
  };
  return { snapshot, hidden, fingerprint: fingerprintOf(snapshot, hidden) };
}
