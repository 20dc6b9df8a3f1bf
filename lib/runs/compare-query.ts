import "server-only";
import { sql } from "drizzle-orm";
import { toArrayLiteral } from "@/db/bulk-insert";
import { db } from "@/db/client";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { behaviourKey, compareSteps, type StepComparison } from "./compare-steps";
import { getRunSummary, listRunSteps } from "./queries";
import { compareStepsInput } from "./schemas";

// Compares two steps of a run and picks example transcripts before and after: for a task, its best
// and worst rollout at each step (the one that shows the move); for a behaviour, a rollout that shows it.

export type Example = { before: string | null; after: string | null };
export type StepComparisonWithExamples = StepComparison & {
  taskExamples: Record<string, Example>;
  behaviourExamples: Record<string, Example>;
};

const MAX_BEHAVIOUR_EXAMPLES = 10;

export async function compareRunSteps({
  ctx,
  id,
  input,
}: {
  ctx: Ctx;
  id: string;
  input: { a: unknown; b: unknown };
}): Promise<StepComparisonWithExamples> {
  const { a, b } = parseInput(compareStepsInput, input);
  const run = await getRunSummary({ ctx, id });
  const steps = await listRunSteps({ ctx, id });
  const before = steps.find((s) => s.step === a);
  const after = steps.find((s) => s.step === b);
  if (!before || !after)
    throw new AppError("not_found", `Step ${before ? b : a} has no rollouts in this run.`);
  const comparison = compareSteps(before, after);
  const workspaceId = ctx.workspace.id;

  const tasks = comparison.tasks.map((t) => t.task);
  const taskExamples: Record<string, Example> = {};
  if (tasks.length > 0) {
    const taskList = sql`${toArrayLiteral(
      tasks.map((t) => [t]),
      0,
    )}::text[]`;
    const pick = (direction: "asc" | "desc") =>
      db.execute<{ id: string; step: number; task_key: string }>(sql`
        select distinct on (step, task_key) id, step, task_key from rollouts
        where run_id = ${run.id} and workspace_id = ${workspaceId} and step in (${a}, ${b})
          and task_key = any(${taskList})
        order by step, task_key, reward ${sql.raw(direction)} nulls last, created_at`);
    const [best, worst] = await Promise.all([pick("desc"), pick("asc")]);
    const find = (rows: { id: string; step: number; task_key: string }[], step: number, task: string) =>
      rows.find((r) => Number(r.step) === step && r.task_key === task)?.id ?? null;
    for (const move of comparison.tasks) {
      const rose = (move.delta ?? 0) >= 0;
      taskExamples[move.task] = {
        before: find(rose ? worst : best, a, move.task),
        after: find(rose ? best : worst, b, move.task),
      };
    }
  }

  const behaviourExamples: Record<string, Example> = {};
  const withTool = async (step: number, name: string) => {
    const [row] = await db.execute<{ id: string }>(sql`
      select r.id from rollouts r where r.run_id = ${run.id} and r.workspace_id = ${workspaceId}
        and r.step = ${step} and exists (select 1 from messages m where m.rollout_id = r.id
          and m.tool_calls @> ${JSON.stringify([{ name }])}::jsonb)
      order by r.created_at limit 1`);
    return row?.id ?? null;
  };
  const withFlag = async (step: number, signature: string) => {
    const [row] = await db.execute<{ id: string }>(sql`
      select r.id from rollouts r where r.run_id = ${run.id} and r.workspace_id = ${workspaceId}
        and r.step = ${step} and exists (select 1 from flags f where f.rollout_id = r.id and f.signature = ${signature})
      order by r.created_at limit 1`);
    return row?.id ?? null;
  };
  for (const change of comparison.behaviours.slice(0, MAX_BEHAVIOUR_EXAMPLES)) {
    const find = change.kind === "tool" ? withTool : withFlag;
    const [x, y] = await Promise.all([find(a, change.name), find(b, change.name)]);
    behaviourExamples[behaviourKey(change)] = { before: x, after: y };
  }
  return { ...comparison, taskExamples, behaviourExamples };
}
