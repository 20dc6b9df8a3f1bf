import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { buildPassCondition } from "./pass-rule";
import type { ReportScope } from "./scope";

// Difficulty in SQL: one scan of the environment's rollouts grouped by task × model, with n (scored
// rollouts), passes, mean reward and reward variance, plus the rollouts no task or no reward
// claims. JavaScript only turns each (n, c) into pass@k and a band.

export const UNKNOWN_MODEL = "unknown";

export type DifficultyGroup = {
  task: string;
  model: string;
  n: number;
  passed: number;
  meanReward: number;
  /** Population variance of the rewards (var_pop). */
  rewardVariance: number;
};

export type RolloutCounts = {
  /** Active (not archived) tasks of the environment. */
  tasks: number;
  /** Tasks with at least one scored rollout. */
  tasksWithRollouts: number;
  /** Rollouts imported into the environment, linked or not. */
  rollouts: number;
  /** Rollouts whose task key matched no active task. */
  unlinked: number;
  /** Linked rollouts without a reward. */
  unscored: number;
};

type GroupRow = {
  task: string | null;
  model: string;
  rollouts: number;
  n: number;
  passed: number;
  mean_reward: number | null;
  reward_variance: number | null;
};

export async function listDifficultyGroups(
  scope: ReportScope,
): Promise<{ groups: DifficultyGroup[]; counts: RolloutCounts }> {
  const [rows, [tasks]] = await Promise.all([
    db.execute<GroupRow>(sql`
      select t.key as task, coalesce(r.model, ${UNKNOWN_MODEL}) as model, count(*)::int as rollouts,
        count(r.reward)::int as n, count(*) filter (where ${buildPassCondition("t", "r")})::int as passed,
        avg(r.reward)::float8 as mean_reward, var_pop(r.reward)::float8 as reward_variance
      from rollouts r
      left join tasks t on t.id = r.task_id and t.environment_id = ${scope.environmentId} and t.archived_at is null
      where r.workspace_id = ${scope.workspaceId} and r.environment_id = ${scope.environmentId}
      group by 1, 2
      order by 1, 2`),
    db.execute<{ count: number }>(sql`
      select count(*)::int as count from tasks t where t.environment_id = ${scope.environmentId} and t.archived_at is null`),
  ]);
  const groups: DifficultyGroup[] = [];
  const counts: RolloutCounts = {
    tasks: tasks.count,
    tasksWithRollouts: 0,
    rollouts: 0,
    unlinked: 0,
    unscored: 0,
  };
  let lastTask: string | null = null;
  for (const row of rows) {
    counts.rollouts += row.rollouts;
    if (row.task === null) {
      counts.unlinked += row.rollouts;
      continue;
    }
    counts.unscored += row.rollouts - row.n;
    if (row.n === 0) continue;
    // Rows come ordered by task, so a new task key starts a new task.
    if (row.task !== lastTask) counts.tasksWithRollouts += 1;
    lastTask = row.task;
    groups.push({
      task: row.task,
      model: row.model,
      n: row.n,
      passed: row.passed,
      meanReward: row.mean_reward ?? 0,
      rewardVariance: row.reward_variance ?? 0,
    });
  }
  return { groups, counts };
}
