import { type SQL, sql } from "drizzle-orm";

// When a rollout "passes" its task, the one rule every report section uses (issue #6). Each task's own
// scoring decides the bar a reward must reach:
//   threshold    reward ≥ the task's threshold (1 when a legacy task has none)
//   continuous   reward ≥ the threshold when one is set, else full marks (reward ≥ 1)
//   improvement  reward ≥ the threshold when one is set, else ≥ the best known score when recorded
//                (matching the best known counts), else ≥ 1
// Rollouts without a reward are unscored: they count in no n and never pass.

export type ScoringMode = "threshold" | "continuous" | "improvement";

export type TaskScoring = {
  scoringMode: ScoringMode;
  scoringThreshold: number | null;
  bestKnownScore: number | null;
};

/** Rewards are floats summed by graders; 0.7 may arrive as 0.6999999999999998. */
export const PASS_TOLERANCE = 1e-9;

export const PASS_RULE_TEXT =
  "A rollout passes when its reward reaches its task's bar: the task's threshold when set; for improvement tasks without one, the best known score; otherwise full marks (1). Rollouts without a reward are left out.";

/** The reward a rollout of this task must reach to pass. */
export function getPassBar(task: TaskScoring): number {
  if (task.scoringThreshold !== null) return task.scoringThreshold;
  if (task.scoringMode === "improvement" && task.bestKnownScore !== null) return task.bestKnownScore;
  return 1;
}

export function isPassingReward(task: TaskScoring, reward: number | null): boolean {
  if (reward === null || !Number.isFinite(reward)) return false;
  return reward >= getPassBar(task) - PASS_TOLERANCE;
}

/**
 * The same rule in SQL, over a tasks alias and a rollouts alias (e.g. `t`, `r`); null reward gives
 * false, never null, so `count(*) filter (where …)` and `bool_or` stay exact.
 */
export function buildPassCondition(taskAlias: string, rolloutAlias: string): SQL {
  const t = sql.raw(taskAlias);
  const r = sql.raw(rolloutAlias);
  return sql`coalesce(${r}.reward >= coalesce(${t}.scoring_threshold,
    case when ${t}.scoring_mode = 'improvement' then ${t}.best_known_score end, 1) - ${sql.raw(String(PASS_TOLERANCE))}, false)`;
}
