import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import type { ReportScope } from "./scope";

// Scaling in SQL: revisions and authoring time per task, label counts and timed review work.
//
// Authoring time of a task: the sum of the gaps between its consecutive revisions that are shorter
// than SESSION_GAP_HOURS. A longer gap is a break (the author went away), so it counts nothing; the
// first save of each sitting counts nothing either, which makes the figure a lower bound. A task with no
// gap under SESSION_GAP_HOURS (one revision: imported, seeded or pasted in one save) was not timed: it is
// left out of the mean and median rather than counted as zero hours.
// Review time: a queue assignment's completion minus its reservation, for assignments completed
// within SESSION_GAP_HOURS (longer ones were left open, not worked). Labels given outside a queue
// carry no time.

export const SESSION_GAP_HOURS = 2;

export type AuthoringFigures = {
  tasksWithRevisions: number;
  /** Tasks with at least one gap under SESSION_GAP_HOURS: the n of the mean and median. */
  timedTasks: number;
  revisions: number;
  totalSeconds: number;
  meanSecondsPerTask: number | null;
  medianSecondsPerTask: number | null;
};

export type ReviewFigures = {
  /** Label versions submitted on the environment's rollouts. */
  labels: number;
  labelledRollouts: number;
  reviewers: number;
  /** Completed queue assignments with a usable duration. */
  timedAssignments: number;
  timedRollouts: number;
  totalSeconds: number;
};

const sessionGap = sql.raw(`interval '${SESSION_GAP_HOURS} hours'`);

export async function getAuthoringFigures(scope: ReportScope): Promise<AuthoringFigures> {
  const [row] = await db.execute<{
    tasks_with_revisions: number;
    timed_tasks: number;
    revisions: number;
    total_seconds: number;
    mean_seconds: number | null;
    median_seconds: number | null;
  }>(sql`
    with revs as (
      select tr.task_id, tr.created_at - lag(tr.created_at) over (partition by tr.task_id order by tr.revision) as gap
      from task_revisions tr
      join tasks t on t.id = tr.task_id and t.archived_at is null
      join environments e on e.id = t.environment_id and e.workspace_id = ${scope.workspaceId}
      where t.environment_id = ${scope.environmentId}
    ), per_task as (
      select task_id, count(*)::int as revisions,
        count(gap) filter (where gap >= interval '0' and gap < ${sessionGap})::int as timed_gaps,
        coalesce(sum(extract(epoch from gap)) filter (where gap >= interval '0' and gap < ${sessionGap}), 0)::float8 as seconds
      from revs group by task_id
    )
    select count(*)::int as tasks_with_revisions,
      count(*) filter (where timed_gaps > 0)::int as timed_tasks,
      coalesce(sum(revisions), 0)::int as revisions,
      coalesce(sum(seconds), 0)::float8 as total_seconds,
      (avg(seconds) filter (where timed_gaps > 0))::float8 as mean_seconds,
      (percentile_cont(0.5) within group (order by seconds) filter (where timed_gaps > 0))::float8 as median_seconds
    from per_task`);
  return {
    tasksWithRevisions: row.tasks_with_revisions,
    timedTasks: row.timed_tasks,
    revisions: row.revisions,
    totalSeconds: row.total_seconds,
    meanSecondsPerTask: row.mean_seconds,
    medianSecondsPerTask: row.median_seconds,
  };
}

export async function getReviewFigures(scope: ReportScope): Promise<ReviewFigures> {
  const [row] = await db.execute<{
    labels: number;
    labelled_rollouts: number;
    reviewers: number;
    timed_assignments: number;
    timed_rollouts: number;
    total_seconds: number;
  }>(sql`
    with env_labels as (
      select l.rollout_id, l.reviewer_key
      from labels l
      join rollouts r on r.id = l.rollout_id and r.environment_id = ${scope.environmentId}
      where l.workspace_id = ${scope.workspaceId}
    ), timed as (
      select qi.rollout_id, extract(epoch from qa.completed_at - qa.reserved_at)::float8 as seconds
      from queue_assignments qa
      join queue_items qi on qi.id = qa.item_id
      join rollouts r on r.id = qi.rollout_id and r.environment_id = ${scope.environmentId}
      where qa.workspace_id = ${scope.workspaceId} and qa.completed_at is not null
        and qa.completed_at >= qa.reserved_at and qa.completed_at - qa.reserved_at < ${sessionGap}
    )
    select (select count(*)::int from env_labels) as labels,
      (select count(distinct rollout_id)::int from env_labels) as labelled_rollouts,
      (select count(distinct reviewer_key)::int from env_labels) as reviewers,
      (select count(*)::int from timed) as timed_assignments,
      (select count(distinct rollout_id)::int from timed) as timed_rollouts,
      (select coalesce(sum(seconds), 0)::float8 from timed) as total_seconds`);
  return {
    labels: row.labels,
    labelledRollouts: row.labelled_rollouts,
    reviewers: row.reviewers,
    timedAssignments: row.timed_assignments,
    timedRollouts: row.timed_rollouts,
    totalSeconds: row.total_seconds,
  };
}
