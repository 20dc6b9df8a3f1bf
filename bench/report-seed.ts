import type postgres from "postgres";

// Seeds the report benchmark in SQL with generate_series: one environment of `tasks` tasks, each run
// `rolloutsPerTask` times spread over the models, pass rates from 0% to 99% across tasks (so all
// bands occur), 2% of rollouts labelled with categories, spans, criterion scores and timed queue
// assignments, a few adjudications, and three revisions per task.

export type ReportBenchData = { workspaceId: string; environmentId: string; slug: string; rollouts: number };

export async function seedReportBenchmarkData(
  sql: postgres.Sql,
  {
    tasks,
    rolloutsPerTask,
    models = ["model-a", "model-b"],
  }: { tasks: number; rolloutsPerTask: number; models?: string[] },
): Promise<ReportBenchData> {
  const [workspace] =
    await sql`insert into workspaces (slug, name) values ('bench-report', 'Bench report') returning id`;
  const [user] =
    await sql`insert into users (email, name, password_hash) values ('bench@report.test', 'Bench', 'x') returning id`;
  const [environment] = await sql`
    insert into environments (workspace_id, slug, name) values (${workspace.id}, 'bench-env', 'Bench environment') returning id`;
  const [run] = await sql`
    insert into runs (workspace_id, environment_id, source, format, status)
    values (${workspace.id}, ${environment.id}, 'bench.jsonl', 'openai', 'completed') returning id`;
  await sql`
    insert into tasks (environment_id, key, title, scoring_mode, scoring_threshold, revision)
    select ${environment.id}, 'task-' || lpad(g::text, 5, '0'), 'Task ' || g,
      (case when g % 3 = 0 then 'continuous' else 'threshold' end)::scoring_mode,
      case when g % 3 = 0 then null else 0.5 end, 3
    from generate_series(1, ${tasks}) g`;
  // Task g passes a rollout when a hash of (task, i) falls under g % 100 percent.
  await sql`
    insert into rollouts (workspace_id, run_id, environment_id, task_id, task_key, model, reward, scores, content_hash, message_count)
    select ${workspace.id}, ${run.id}, ${environment.id}, t.id, t.key, (${models}::text[])[1 + (i % ${models.length})],
      case when abs(hashtext(t.key || ':' || i)) % 100 < (substr(t.key, 6)::int % 100) then 1.0 else 0.25 end,
      jsonb_build_object('correctness', abs(hashtext(t.key || '#' || i)) % 2), md5(t.key || ':' || i), 4
    from tasks t cross join generate_series(1, ${rolloutsPerTask}) i
    where t.environment_id = ${environment.id}`;
  await sql`
    insert into taxonomy_categories (workspace_id, family, key, name)
    values (${workspace.id}, 'failure-mode', 'wrong-result', 'Wrong result'),
      (${workspace.id}, 'failure-mode', 'incomplete', 'Incomplete'),
      (${workspace.id}, 'reward-hack', 'read-answer-key', 'Read the answer key')`;
  await sql`
    insert into labels (workspace_id, rollout_id, reviewer_id, reviewer_key, reviewer_name, version, verdict, categories, criterion_scores)
    select ${workspace.id}, r.id, ${user.id}, 'user:' || ${user.id}, 'bench@report.test', 1,
      (case when r.reward >= 1 then (case when abs(hashtext(r.id::text)) % 10 = 0 then 'reward-hack' else 'genuine-success' end)
        else 'genuine-failure' end)::label_verdict,
      case when r.reward >= 1 then (case when abs(hashtext(r.id::text)) % 10 = 0 then array['read-answer-key'] else '{}' end)
        else array[(array['wrong-result', 'incomplete'])[1 + abs(hashtext(r.id::text)) % 2]] end,
      jsonb_build_object('correctness', abs(hashtext(r.id::text || 'h')) % 2)
    from rollouts r where r.environment_id = ${environment.id} and abs(hashtext(r.id::text || 'label')) % 50 = 0`;
  await sql`
    insert into label_spans (label_id, workspace_id, rollout_id, position, message_index, kind, start, "end", category, comment)
    select l.id, l.workspace_id, l.rollout_id, 0, 1, 'text', 0, 10, l.categories[1], 'bench span'
    from labels l where l.workspace_id = ${workspace.id} and cardinality(l.categories) > 0`;
  await sql`
    insert into adjudications (workspace_id, rollout_id, adjudicator_id, adjudicator_name, verdict, categories)
    select l.workspace_id, l.rollout_id, ${user.id}, 'bench', 'genuine-failure', array['incomplete']
    from labels l where l.workspace_id = ${workspace.id} and abs(hashtext(l.id::text)) % 20 = 0`;
  const [queue] = await sql`
    insert into review_queues (workspace_id, name, seed) values (${workspace.id}, 'Bench queue', 'bench') returning id`;
  await sql`
    insert into queue_items (queue_id, workspace_id, rollout_id, position)
    select ${queue.id}, ${workspace.id}, l.rollout_id, row_number() over (order by l.rollout_id)
    from labels l where l.workspace_id = ${workspace.id}`;
  await sql`
    insert into queue_assignments (queue_id, item_id, workspace_id, reviewer_id, reserved_at, expires_at, completed_at)
    select ${queue.id}, qi.id, ${workspace.id}, ${user.id}, now() - interval '1 hour', now(),
      now() - interval '1 hour' + (abs(hashtext(qi.id::text)) % 600 + 60) * interval '1 second'
    from queue_items qi where qi.queue_id = ${queue.id}`;
  await sql`
    insert into task_revisions (task_id, revision, snapshot, hidden, author_kind, author_user_id, author_name, created_at)
    select t.id, v, '{}'::jsonb, '{}'::jsonb, 'user', ${user.id}, 'Bench',
      timestamptz '2026-01-01' + (substr(t.key, 6)::int) * interval '1 day' + (v * v * 20) * interval '1 minute'
    from tasks t cross join generate_series(1, 3) v
    where t.environment_id = ${environment.id}`;
  await sql`analyze`;
  const [{ count }] =
    await sql`select count(*)::int as count from rollouts where environment_id = ${environment.id}`;
  return { workspaceId: workspace.id, environmentId: environment.id, slug: "bench-env", rollouts: count };
}
