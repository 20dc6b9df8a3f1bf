import "server-only";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { listTaskDetails } from "../queries";
import type { CreateTaskInput } from "../schemas";
import type { TaskDetail } from "../task-detail";
import { formatTaskRows, type TaskFormat } from "./task-rows";

/** A task in the import shape. Without answer-key access the hidden fields and the checks are left out. */
export function toTaskRow(task: TaskDetail): CreateTaskInput {
  const { content } = task;
  const visible = {
    key: task.key,
    title: content.title,
    prompt: content.prompt,
    tags: content.tags,
    difficulty: content.difficulty,
    timeBudgetMinutes: content.timeBudgetMinutes,
    turnBudget: content.turnBudget,
    giveUp: content.giveUp,
    scoring: content.scoring,
    resources: content.resources,
    judgeTemplate: content.judgeTemplate,
    criteria: content.criteria,
    overrides: content.overrides,
  };
  if (!task.canReadAnswerKeys) return visible;
  return {
    ...visible,
    answerKey: content.answerKey,
    referenceSolutions: content.referenceSolutions,
    goldenExamples: content.goldenExamples,
    checks: content.checks.flatMap((c) => (c.config === null ? [] : [c])),
    testScripts: content.testScripts,
  };
}

/** The environment's live tasks as JSONL or CSV, in the shape import reads. */
export async function exportTasks({
  ctx,
  environmentSlug,
  format,
}: {
  ctx: Ctx;
  environmentSlug: string;
  format: TaskFormat;
}) {
  assertCan(ctx, "environments.read");
  const tasks = await listTaskDetails({ ctx, environmentSlug });
  return formatTaskRows(tasks.map(toTaskRow), format);
}
