import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { rubricCriteria, rubrics, taskAnswerKeys, tasks } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { toCriterion } from "@/lib/tasks/load-content";
import type { JudgeCriterion } from "./judge-prompt";
import type { LoadedVersion } from "./judge-versions";
import type { TryRubric } from "./schemas";
import { pickJudgedCriteria, pickTaskTemplate, type SnapshotTask, toJudgeCriterion } from "./snapshot";

// "Try the judge" on the rubric as the author is editing it, before it is saved: the task as the
// judge's next version would see it (buildJudgeSnapshot's rules: shared criteria first, the judge's
// criterion keys, the rubric's template else the judge's), from the draft rubric instead of the
// stored one. The prompt and answer key are the task's stored ones.

export async function buildDraftJudgeTask({
  ctx,
  version,
  taskKey,
  rubric,
}: {
  ctx: Ctx;
  version: LoadedVersion;
  taskKey: string;
  rubric: TryRubric;
}): Promise<{ task: SnapshotTask; hidden: { prompt: string; answerKey: string } }> {
  const [task] = await db
    .select({ key: tasks.key, title: tasks.title, prompt: tasks.prompt, answerKey: taskAnswerKeys.answerKey })
    .from(tasks)
    .leftJoin(taskAnswerKeys, eq(taskAnswerKeys.taskId, tasks.id))
    .where(
      and(eq(tasks.environmentId, version.environmentId), eq(tasks.key, taskKey), isNull(tasks.archivedAt)),
    );
  if (!task) throw new AppError("not_found", `The judge's environment has no task "${taskKey}".`);
  let shared: JudgeCriterion[] = [];
  if (rubric.sharedRubricId) {
    const [found] = await db
      .select({ id: rubrics.id })
      .from(rubrics)
      .where(
        and(
          eq(rubrics.id, rubric.sharedRubricId),
          eq(rubrics.workspaceId, ctx.workspace.id),
          eq(rubrics.environmentId, version.environmentId),
          isNull(rubrics.taskId),
        ),
      );
    if (!found) throw new AppError("bad_request", "The shared rubric is not one of this environment's.");
    const rows = await db
      .select()
      .from(rubricCriteria)
      .where(eq(rubricCriteria.rubricId, found.id))
      .orderBy(asc(rubricCriteria.position));
    shared = rows.map((row) => toJudgeCriterion(toCriterion(row)));
  }
  const own = rubric.criteria.map(toJudgeCriterion);
  const wanted = version.snapshot.criteriaKeys ? new Set(version.snapshot.criteriaKeys) : null;
  const criteria = pickJudgedCriteria([...shared, ...own], wanted);
  if (criteria.length === 0)
    throw new AppError("invalid", "The rubric as edited has no criterion this judge grades.");
  return {
    task: {
      key: task.key,
      title: task.title,
      template: pickTaskTemplate(rubric.judgeTemplate, version.snapshot.template),
      criteria,
    },
    hidden: { prompt: task.prompt, answerKey: task.answerKey ?? "" },
  };
}
