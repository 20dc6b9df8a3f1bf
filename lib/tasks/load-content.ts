import "server-only";
import { asc, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import {
  rubricCriteria,
  rubricGoldenExamples,
  rubrics,
  type Task,
  taskAnswerKeys,
  taskChecks,
  taskFiles,
  taskResources,
  taskSolutions,
  taskTestScripts,
} from "@/db/schema";
import { checkInput } from "@/lib/rubrics/checks/check-schemas";
import type { Criterion, GoldenExample } from "@/lib/rubrics/schemas";
import type { SharedRubricRef } from "./grader-items";
import type { VisibleContent } from "./hidden-material";

// Reads tasks' content from their tables, in one query per table for any number of tasks. Hidden
// material is selected only when `includeHidden` (the caller decided with canReadAnswerKeys).

type CriterionRow = typeof rubricCriteria.$inferSelect;

export function toCriterion(row: CriterionRow): Criterion {
  return {
    key: row.key,
    title: row.title,
    description: row.description,
    weight: row.weight,
    type: row.kind,
    scaleMax: row.scaleMax,
    requirements: row.requirements,
    isGiveUp: row.isGiveUp,
    passExamples: row.passExamples,
    failExamples: row.failExamples,
  };
}

function toGolden(row: typeof rubricGoldenExamples.$inferSelect): GoldenExample {
  return {
    title: row.title,
    response: row.response,
    grade: row.grade,
    criterionScores: row.criterionScores,
    rationale: row.rationale,
    gradedBy: row.gradedBy,
  };
}

function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

export async function loadTaskContents(
  executor: Executor,
  taskRows: Task[],
  { includeHidden }: { includeHidden: boolean },
): Promise<Map<string, VisibleContent>> {
  const ids = taskRows.map((t) => t.id);
  if (ids.length === 0) return new Map();
  const ownRubrics = await executor.select().from(rubrics).where(inArray(rubrics.taskId, ids));
  const rubricIds = ownRubrics.map((r) => r.id);
  const [resources, criteria, checks] = await Promise.all([
    executor
      .select({
        taskId: taskResources.taskId,
        name: taskResources.name,
        kind: taskResources.kind,
        mediaType: taskResources.mediaType,
        content: taskResources.content,
        fileId: taskResources.fileId,
      })
      .from(taskResources)
      .where(inArray(taskResources.taskId, ids))
      .orderBy(asc(taskResources.position)),
    rubricIds.length
      ? executor
          .select()
          .from(rubricCriteria)
          .where(inArray(rubricCriteria.rubricId, rubricIds))
          .orderBy(asc(rubricCriteria.position))
      : [],
    executor
      .select({
        taskId: taskChecks.taskId,
        key: taskChecks.key,
        kind: taskChecks.kind,
        description: taskChecks.description,
        weight: taskChecks.weight,
        requirements: taskChecks.requirements,
      })
      .from(taskChecks)
      .where(inArray(taskChecks.taskId, ids))
      .orderBy(asc(taskChecks.position)),
  ]);
  const hidden = includeHidden ? await loadHidden(executor, ids, rubricIds) : null;
  const fileMeta = await loadFileMeta(
    executor,
    resources.flatMap((r) => (r.fileId ? [r.fileId] : [])),
  );

  const resourcesByTask = groupBy(resources, (r) => r.taskId);
  const criteriaByRubric = groupBy(criteria, (c) => c.rubricId);
  const checksByTask = groupBy(checks, (c) => c.taskId);
  const result = new Map<string, VisibleContent>();
  for (const task of taskRows) {
    const rubric = ownRubrics.find((r) => r.taskId === task.id);
    const configs = hidden?.configs.get(task.id);
    result.set(task.id, {
      title: task.title,
      prompt: task.prompt,
      tags: task.tags,
      difficulty: task.difficulty,
      timeBudgetMinutes: task.timeBudgetMinutes,
      turnBudget: task.turnBudget,
      giveUp: { allowed: task.giveUpAllowed, instructions: task.giveUpInstructions },
      scoring: { mode: task.scoringMode, threshold: task.scoringThreshold },
      resources: (resourcesByTask.get(task.id) ?? []).map((r) =>
        r.kind === "document" || !r.fileId
          ? { kind: "document" as const, name: r.name, mediaType: r.mediaType, content: r.content ?? "" }
          : {
              kind: "file" as const,
              name: r.name,
              mediaType: r.mediaType,
              fileId: r.fileId,
              ...fileMeta.get(r.fileId),
            },
      ),
      answerKey: hidden?.answerKeys.get(task.id) ?? "",
      referenceSolutions: hidden?.solutions.get(task.id) ?? [],
      sharedRubricId: rubric?.sharedRubricId ?? null,
      judgeTemplate: rubric?.judgeTemplate ?? "",
      criteria: rubric ? (criteriaByRubric.get(rubric.id) ?? []).map(toCriterion) : [],
      goldenExamples: rubric ? (hidden?.golden.get(rubric.id) ?? []) : [],
      checks: (checksByTask.get(task.id) ?? []).map(({ taskId: _, ...check }) => {
        const config = configs?.get(check.key);
        const parsed = config === undefined ? null : checkInput.safeParse({ ...check, config });
        return parsed?.success ? parsed.data : { ...check, config: null };
      }),
      testScripts: hidden?.scripts.get(task.id) ?? [],
      overrides: task.requirementOverrides,
    });
  }
  return result;
}

async function loadFileMeta(executor: Executor, fileIds: string[]) {
  if (fileIds.length === 0) return new Map<string, { size: number; sha256: string }>();
  const rows = await executor
    .select({ id: taskFiles.id, size: taskFiles.size, sha256: taskFiles.sha256 })
    .from(taskFiles)
    .where(inArray(taskFiles.id, fileIds));
  return new Map(rows.map((r) => [r.id, { size: r.size, sha256: r.sha256 }]));
}

/** The hidden tables. Called only for roles allowed to read answer keys. */
async function loadHidden(executor: Executor, taskIds: string[], rubricIds: string[]) {
  const [keys, solutions, scripts, configs, golden] = await Promise.all([
    executor.select().from(taskAnswerKeys).where(inArray(taskAnswerKeys.taskId, taskIds)),
    executor
      .select()
      .from(taskSolutions)
      .where(inArray(taskSolutions.taskId, taskIds))
      .orderBy(asc(taskSolutions.position)),
    executor
      .select()
      .from(taskTestScripts)
      .where(inArray(taskTestScripts.taskId, taskIds))
      .orderBy(asc(taskTestScripts.position)),
    executor
      .select({ taskId: taskChecks.taskId, key: taskChecks.key, config: taskChecks.config })
      .from(taskChecks)
      .where(inArray(taskChecks.taskId, taskIds)),
    rubricIds.length
      ? executor
          .select()
          .from(rubricGoldenExamples)
          .where(inArray(rubricGoldenExamples.rubricId, rubricIds))
          .orderBy(asc(rubricGoldenExamples.position))
      : [],
  ]);
  return {
    answerKeys: new Map(keys.map((k) => [k.taskId, k.answerKey])),
    solutions: new Map(
      [...groupBy(solutions, (s) => s.taskId)].map(([id, rows]) => [
        id,
        rows.map((s) => ({ title: s.title, language: s.language, content: s.content })),
      ]),
    ),
    scripts: new Map(
      [...groupBy(scripts, (s) => s.taskId)].map(([id, rows]) => [
        id,
        rows.map((s) => ({ filename: s.filename, language: s.language, content: s.content })),
      ]),
    ),
    configs: new Map(
      [...groupBy(configs, (c) => c.taskId)].map(([id, rows]) => [
        id,
        new Map(rows.map((c) => [c.key, c.config as unknown])),
      ]),
    ),
    golden: new Map([...groupBy(golden, (g) => g.rubricId)].map(([id, rows]) => [id, rows.map(toGolden)])),
  };
}

/** Shared rubrics by id: their criteria and judge template (never their golden examples). */
export async function loadSharedRubricRefs(
  executor: Executor,
  ids: string[],
): Promise<Map<string, SharedRubricRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [rows, criteria] = await Promise.all([
    executor.select().from(rubrics).where(inArray(rubrics.id, unique)),
    executor
      .select()
      .from(rubricCriteria)
      .where(inArray(rubricCriteria.rubricId, unique))
      .orderBy(asc(rubricCriteria.position)),
  ]);
  const byRubric = groupBy(criteria, (c) => c.rubricId);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        title: r.title,
        judgeTemplate: r.judgeTemplate,
        criteria: (byRubric.get(r.id) ?? []).map(toCriterion),
      },
    ]),
  );
}
