import { PgDialect } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { createTestDatabase, DEFAULT_TEST_SERVER_URL } from "@/db/testing/test-database";
import { messageDocumentText } from "@/lib/search/text-search";
import { parseDocument } from "@/lib/search/tsvector/parse-document";
import { searchDocument } from "@/lib/search/tsvector/search-document";
import { agenticMessages } from "@/lib/search/tsvector/testing/agentic";
import type { TestMessage } from "@/lib/search/tsvector/testing/documents";
import { englishWords, tsvectorLiteral } from "@/lib/search/tsvector/tsvector-literal";
import { makeRollout } from "./generate-openai";
import { processCpuSeconds } from "./process-usage";

// `npm run bench -- tokenize [--rollouts N]`: the JavaScript tsvector twin (lib/search/tsvector)
// against Postgres's to_tsvector on the same documents, in CPU seconds (the machine is shared):
// the import bench's generated rollouts, and generated agentic text (code, shell, traces, diffs).
// It also checks that both give the same tsvector for every document the twin does not refuse.

type Message = { text: string | null; reasoning: string | null; toolCalls: unknown };

/** The import bench's messages as the importer stores them (tool calls as {id, name, arguments}). */
function importBenchMessages(rollouts: number): Message[] {
  const out: Message[] = [];
  for (let i = 0; i < rollouts; i++) {
    const { messages } = JSON.parse(makeRollout(i)) as {
      messages: {
        content: string;
        tool_calls?: { id: string; function: { name: string; arguments: string } }[];
      }[];
    };
    for (const m of messages) {
      const calls = m.tool_calls?.map((c) => ({
        id: c.id,
        name: c.function.name,
        arguments: JSON.parse(c.function.arguments),
      }));
      out.push({ text: m.content, reasoning: null, toolCalls: calls ?? null });
    }
  }
  return out;
}

/** The indexer's own document SQL (no parameters), over the bench's table. */
const DOCUMENT_SQL = new PgDialect().sqlToQuery(messageDocumentText("bench_messages")).sql;

async function measure(sql: postgres.Sql, name: string, messages: Message[]) {
  const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
  // One backend does all the work: parallel workers' CPU would not count in this backend's.
  await sql`set max_parallel_workers_per_gather = 0`;
  const backendCpu = () => processCpuSeconds(pid) ?? Number.NaN;
  await sql`drop table if exists bench_messages`;
  await sql`create table bench_messages (ord int, text text, reasoning text, tool_calls jsonb)`;
  for (let at = 0; at < messages.length; at += 2000) {
    const batch = messages.slice(at, at + 2000);
    await sql`insert into bench_messages select * from unnest(
      ${batch.map((_, i) => at + i)}::int[], ${batch.map((m) => m.text)}::text[],
      ${batch.map((m) => m.reasoning)}::text[], ${batch.map((m) => (m.toolCalls == null ? null : JSON.stringify(m.toolCalls)))}::text[]::jsonb[])`;
  }
  // Postgres: the document alone, then with to_tsvector; the difference is to_tsvector's CPU.
  const cpuOf = async (query: string) => {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 2; round++) {
      const before = backendCpu();
      await sql.unsafe(query);
      best = Math.min(best, backendCpu() - before);
    }
    return best;
  };
  const documentCpu = await cpuOf(`select sum(length(${DOCUMENT_SQL})) from bench_messages`);
  const tsvectorCpu = await cpuOf(
    `select sum(length(to_tsvector('english', ${DOCUMENT_SQL})::text)) from bench_messages`,
  );
  const rows = await sql<{ tools: string | null; expected: string }[]>`
    select tool_calls::text as tools, to_tsvector('english', ${sql.unsafe(DOCUMENT_SQL)})::text as expected
    from bench_messages order by ord`;
  const documents = messages.map((m, i) => searchDocument(m.text, m.reasoning, rows[i]?.tools ?? null));
  const megabytes = documents.reduce((n, d) => n + d.length, 0) / 1e6;

  // The twin: english lexemes come from the database once (the indexer caches them).
  const words = new Set<string>();
  for (const d of documents) for (const w of englishWords(parseDocument(d) ?? [])) words.add(w);
  const lookupBefore = backendCpu();
  const lexed = await sql<
    { w: string; l: string[] }[]
  >`select w, ts_lexize('english_stem', w) as l from unnest(${[...words]}::text[]) w`;
  const lookupCpu = backendCpu() - lookupBefore;
  const lexemes = new Map(lexed.map((r) => [r.w, r.l[0] ?? null]));
  // As the indexer would: a batch of documents at a time, each literal checked and dropped.
  let best = Number.POSITIVE_INFINITY;
  let tokens = 0;
  let refused = 0;
  let mismatched = 0;
  for (let round = 0; round < 3; round++) {
    const start = process.cpuUsage();
    tokens = 0;
    refused = 0;
    mismatched = 0;
    documents.forEach((d, i) => {
      const parsed = parseDocument(d);
      if (!parsed) {
        refused++;
        return;
      }
      tokens += parsed.length;
      if (tsvectorLiteral(parsed, lexemes) !== rows[i]?.expected) mismatched++;
    });
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1e6);
  }
  const pgTsvector = tsvectorCpu - documentCpu;
  console.log(
    `${name}: ${messages.length} messages, ${megabytes.toFixed(1)} MB of documents, ${tokens} tokens\n` +
      `  twin (parse + literal): ${best.toFixed(2)} s CPU = ${(megabytes / best).toFixed(1)} MB/s, ${(tokens / best / 1e6).toFixed(2)} M tokens/s; ` +
      `refused ${refused} (${((100 * refused) / messages.length).toFixed(1)}%), mismatches ${mismatched}\n` +
      `  Postgres backend: to_tsvector ${pgTsvector.toFixed(2)} s CPU (document alone ${documentCpu.toFixed(2)} s, with to_tsvector ${tsvectorCpu.toFixed(2)} s); ` +
      `${(megabytes / pgTsvector).toFixed(1)} MB/s\n` +
      `  twin uses ${(best / pgTsvector).toFixed(2)}x the CPU of to_tsvector (${(pgTsvector / best).toFixed(1)}x less); ` +
      `ts_lexize of ${words.size} distinct english words: ${lookupCpu.toFixed(2)} s backend CPU`,
  );
}

export async function runTokenizeBenchmark(rollouts = 1000): Promise<void> {
  const database = await createTestDatabase(DEFAULT_TEST_SERVER_URL, "bench_tokenize");
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    await measure(sql, `import bench text (${rollouts} rollouts)`, importBenchMessages(rollouts));
    await measure(
      sql,
      "agentic text (code, shell, traces, diffs, JSON)",
      agenticMessages(7, 20_000) as TestMessage[],
    );
  } finally {
    await sql.end();
    await database.drop();
  }
}
