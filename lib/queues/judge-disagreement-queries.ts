import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { judgeVersions } from "@/db/schema";
import { uuidArray } from "@/db/uuid-array";
import type { JudgeSnapshot } from "@/lib/judges/snapshot";
import type { ScoringMode } from "@/lib/reports/pass-rule";
import { assessJudgeDisagreement, type JudgeDisagreement, type JudgedCriterion } from "./judge-disagreement";

// Loads, for rollouts, whether a judge disagrees (lib/queues/judge-disagreement.ts): per judge, the
// newest version that judged the rollout counts; any judge's split or contradiction counts.

const CHUNK = 1_000;

type Row = {
  rollout_id: string;
  judge_id: string;
  version_id: string;
  task_key: string | null;
  criterion_key: string;
  status: "scored" | "unevaluable";
  score: number | null;
  disagreement: number | null;
  reward: number | null;
  scoring_mode: ScoringMode | null;
  scoring_threshold: number | null;
  best_known_score: number | null;
};

export async function loadJudgeDisagreements(
  executor: Executor,
  rolloutIds: readonly string[],
): Promise<Map<string, JudgeDisagreement>> {
  const out = new Map<string, JudgeDisagreement>();
  for (let i = 0; i < rolloutIds.length; i += CHUNK) {
    const ids = rolloutIds.slice(i, i + CHUNK);
    const rows = (await executor.execute<Row>(sql`
      with newest as (
        select distinct on (j.rollout_id, v.judge_id) j.rollout_id, v.judge_id, v.id as version_id
        from judgments j join judge_versions v on v.id = j.judge_version_id
        where j.rollout_id = any(${uuidArray(ids)})
        order by j.rollout_id, v.judge_id, v.version desc)
      select n.rollout_id, n.judge_id, n.version_id, coalesce(t.key, r.task_key) as task_key,
        j.criterion_key, j.status, j.score, j.disagreement, r.reward,
        t.scoring_mode, t.scoring_threshold, t.best_known_score
      from newest n
      join judgments j on j.judge_version_id = n.version_id and j.rollout_id = n.rollout_id
      join rollouts r on r.id = n.rollout_id
      left join tasks t on t.id = coalesce(r.task_id, (select t2.id from tasks t2
        where t2.environment_id = r.environment_id and t2.key = r.task_key and t2.archived_at is null limit 1))`)) as unknown as Row[];
    if (rows.length === 0) continue;
    const versionIds = [...new Set(rows.map((r) => r.version_id))];
    const snapshots = new Map(
      (
        await executor
          .select({ id: judgeVersions.id, snapshot: judgeVersions.snapshot })
          .from(judgeVersions)
          .where(inArray(judgeVersions.id, versionIds))
      ).map((v) => [v.id, v.snapshot as unknown as JudgeSnapshot]),
    );
    const groups = new Map<string, Row[]>();
    for (const row of rows) {
      const key = `${row.rollout_id}|${row.version_id}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const group of groups.values()) {
      const first = group[0];
      const task = snapshots.get(first.version_id)?.tasks.find((t) => t.key === first.task_key);
      const criteria: JudgedCriterion[] = group.flatMap((row) => {
        const criterion = task?.criteria.find((c) => c.key === row.criterion_key);
        return criterion
          ? [
              {
                weight: criterion.weight,
                type: criterion.type,
                scaleMax: criterion.scaleMax,
                status: row.status,
                score: row.score === null ? null : Number(row.score),
                disagreement: row.disagreement === null ? null : Number(row.disagreement),
              },
            ]
          : [];
      });
      const assessed = assessJudgeDisagreement({
        reward: first.reward === null ? null : Number(first.reward),
        scoring: {
          scoringMode: first.scoring_mode ?? "threshold",
          scoringThreshold: first.scoring_threshold === null ? null : Number(first.scoring_threshold),
          bestKnownScore: first.best_known_score === null ? null : Number(first.best_known_score),
        },
        criteria,
      });
      const seen = out.get(first.rollout_id);
      out.set(
        first.rollout_id,
        seen
          ? {
              ...seen,
              panelSplit: Math.max(seen.panelSplit, assessed.panelSplit),
              isAgainstReward: seen.isAgainstReward || assessed.isAgainstReward,
            }
          : assessed,
      );
    }
  }
  return out;
}
