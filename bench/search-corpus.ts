import type postgres from "postgres";
import { createTextGenerator } from "./zipf-text";

// A million-message search corpus in about a minute: message texts are drawn from pools of
// realistic texts (Zipf-like words, long tool outputs; see zipf-text.ts) written once, then
// combined in SQL. Every message is user → (assistant with a tool call → tool output)…, and about
// one message in 2,000 mentions "zebracorn" (a rare word with a known count).

const POOL = { user: 1_000, assistant: 20_000, tool: 20_000 };

type PoolRow = { kind: keyof typeof POOL; n: number; text: string; toolCalls: string | null };

function buildPool(): PoolRow[] {
  const gen = createTextGenerator(16);
  const rows: PoolRow[] = [];
  for (let n = 0; n < POOL.user; n++) {
    rows.push({ kind: "user", n, text: `Task: ${gen.words(20 + gen.int(60))}`, toolCalls: null });
  }
  for (let n = 0; n < POOL.assistant; n++) {
    const command = `grep -rn ${gen.word()} src/${gen.word()} && python -m pytest tests/test_${gen.word()}.py`;
    const toolCalls = JSON.stringify([{ id: `call_${n}`, name: "bash", arguments: { command } }]);
    rows.push({ kind: "assistant", n, text: gen.words(8 + gen.int(40)), toolCalls });
  }
  for (let n = 0; n < POOL.tool; n++) {
    // Most outputs are a few lines; one in ten is long (a test run, a file listing, a log).
    const lines = gen.random() < 0.1 ? 30 + gen.int(170) : 1 + gen.int(8);
    rows.push({ kind: "tool", n, text: gen.toolOutput(lines), toolCalls: null });
  }
  return rows;
}

export async function insertRealisticSearchCorpus(
  sql: postgres.Sql,
  {
    workspaceId,
    runId,
    rollouts,
    perRollout,
  }: { workspaceId: string; runId: string; rollouts: number; perRollout: number },
) {
  await sql`create unlogged table if not exists bench_pool (kind text, n int, text text, tool_calls jsonb, primary key (kind, n))`;
  const pool = buildPool();
  for (let start = 0; start < pool.length; start += 2_000) {
    const slice = pool.slice(start, start + 2_000);
    await sql`insert into bench_pool (kind, n, text, tool_calls)
      select * from unnest(${slice.map((r) => r.kind)}::text[], ${slice.map((r) => r.n)}::int[],
        ${slice.map((r) => r.text)}::text[], ${slice.map((r) => r.toolCalls)}::jsonb[])`;
  }
  await sql`select setseed(0.16)`;
  await sql`insert into rollouts (workspace_id, run_id, task_key, model, reward, message_count, tool_call_count, content_hash, created_at)
    select ${workspaceId}, ${runId}, 'task-' || (i % 50), 'model-' || (i % 4), (i % 11) / 10.0, ${perRollout},
      ${perRollout} / 2, 'corpus-' || i, now() - (i || ' seconds')::interval
    from generate_series(1, ${rollouts}) as i`;
  const ids = (await sql`select id from rollouts where run_id = ${runId} order by created_at desc`).map(
    (r) => r.id as string,
  );
  const batch = Math.max(1, Math.floor(50_000 / perRollout));
  for (let start = 0; start < ids.length; start += batch) {
    const slice = ids.slice(start, start + batch);
    await sql`insert into messages (rollout_id, workspace_id, index, role, text, tool_calls, tool_call_id, tool_name)
      select r.id, ${workspaceId}, m, k.kind::message_role,
        p.text || case when random() < 0.0005 then ' zebracorn' else '' end,
        p.tool_calls, case when k.kind = 'tool' then 'call_' || m end, case when k.kind = 'tool' then 'bash' end
      from unnest(${slice}::uuid[]) as r(id), generate_series(0, ${perRollout - 1}) as m,
        lateral (select case when m = 0 then 'user' when m % 2 = 1 then 'assistant' else 'tool' end as kind,
                        random() + m * 0 as pick) as k,
        lateral (select text, tool_calls from bench_pool
                 where kind = k.kind and n = floor(k.pick * case k.kind when 'user' then ${POOL.user}::int
                   when 'assistant' then ${POOL.assistant}::int else ${POOL.tool}::int end)::int) as p`;
  }
  await sql`drop table bench_pool`;
  await sql`vacuum messages`;
  await sql`vacuum rollouts`;
}
