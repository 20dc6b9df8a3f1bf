import "server-only";
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type Judge, providers, rubricCriteria, rubrics, taskAnswerKeys, tasks } from "@/db/schema";
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
    const seen = new Set<string>();
    const criteria = ordered.flatMap((c): JudgeCriterion[] => {
      if (seen.has(c.key) || (wanted && !wanted.has(c.key))) return [];
      seen.add(c.key);
      return [
        {
          key: c.key,
          title: c.title,
          description: c.description,
          weight: c.weight,
          type: c.kind,
          scaleMax: c.scaleMax,
          passExamples: c.passExamples,
          failExamples: c.failExamples,
        },
      ];
    });
    if (criteria.length === 0) continue;
    snapshotTasks.push({
      key: task.key,
      title: task.title,
      template: rubric?.judgeTemplate.trim() || judge.template,
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
