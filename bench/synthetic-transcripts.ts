import type postgres from "postgres";

// Bulk synthetic data written with generate_series (seconds, not minutes, for a million rows).

/** A workspace with an owner (via the CLI), a run, and returns their ids. */
export async function insertRun(
  sql: postgres.Sql,
  workspaceSlug: string,
): Promise<{ workspaceId: string; runId: string }> {
  const [workspace] = await sql`select id from workspaces where slug = ${workspaceSlug}`;
  const [run] = await sql`insert into runs (workspace_id, source, format, status)
    values (${workspace.id}, 'bench.jsonl', 'openai', 'completed') returning id`;
  return { workspaceId: workspace.id, runId: run.id };
}

/**
 * One rollout with `count` messages in a repeating user → assistant (tool call) → tool pattern, text
 * of varied length; every 1,000th message mentions "checkpoint" for find-in-transcript.
 */
export async function insertLongTranscript(
  sql: postgres.Sql,
  { workspaceId, runId, count }: { workspaceId: string; runId: string; count: number },
) {
  const [rollout] =
    await sql`insert into rollouts (workspace_id, run_id, task_key, model, reward, message_count, tool_call_count, content_hash)
    values (${workspaceId}, ${runId}, 'bench-long', 'bench-model', 0.5, ${count}, ${Math.floor(count / 3)}, ${`long-${count}`}) returning id`;
  const chunk = 50_000;
  for (let start = 0; start < count; start += chunk) {
    await sql`insert into messages (rollout_id, workspace_id, index, role, text, tool_calls, tool_call_id, tool_name)
      select ${rollout.id}, ${workspaceId}, i,
        (case i % 3 when 0 then 'user' when 1 then 'assistant' else 'tool' end)::message_role,
        'step ' || i || case when i % 1000 = 0 then ' checkpoint' else '' end || ': ' || repeat('the agent inspects the repository and runs tests. ', 1 + (i * 7) % 6),
        case when i % 3 = 1 then jsonb_build_array(jsonb_build_object('id', 'c' || i, 'name', 'bash', 'arguments', jsonb_build_object('cmd', 'pytest -k case_' || i))) end,
        case when i % 3 = 2 then 'c' || (i - 1) end,
        case when i % 3 = 2 then 'bash' end
      from generate_series(${start}::int, ${Math.min(count, start + chunk) - 1}::int) as i`;
  }
  await settle(sql);
  return rollout.id as string;
}

/** Leaves freshly written rows as imported data at rest: hint bits set, statistics current, WAL flushed. */
async function settle(sql: postgres.Sql) {
  await sql`vacuum analyze messages`;
  await sql`vacuum analyze rollouts`;
  await sql`checkpoint`.catch(() => {}); // needs superuser or pg_checkpoint; optional
}
