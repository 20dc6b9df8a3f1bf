import "server-only";
import { and, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { db, type Executor, type Tx } from "@/db/client";
import { preferOrderedIndexScans, runInteractive } from "@/db/interactive";
import { environments, messageSearch, messages, rollouts, runs } from "@/db/schema";
import { uuidArray } from "@/db/uuid-array";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { buildVisibleLabelCondition } from "@/lib/labels/visibility";
import { listSignatureChoices } from "@/lib/scanners/queries";
import { countPendingRollouts } from "@/lib/search/index-rollouts";
import { withSearchSlot } from "@/lib/search/search-slots";
import { chooseSearchStrategy, type SearchStrategy } from "@/lib/search/search-strategy";
import { toTsQuery } from "@/lib/search/text-search";
import { parseInput } from "@/lib/validation";
import { decodeCursor, encodeCursor } from "./cursor";
import { buildFilterConditions, buildKeysetCondition, buildOrderBy, createdAtKey } from "./filter-sql";
import { type HighlightSegment, MATCH_END, MATCH_START, splitHighlights } from "./highlights";
import { type RolloutFilter, type RolloutFilterInput, rolloutFilterInput } from "./schemas";

// Reads of the rollout list (filters, search, counts, facets) and runs. Every query is scoped to ctx.workspace and names its
// columns: list queries never touch rollout_sources.original nor message bodies.

export type RolloutListItem = {
  id: string;
  externalId: string | null;
  /** A live run's step or checkpoint. */
  step: number | null;
  model: string | null;
  environment: string | null;
  task: string | null;
  /** A title the importer gave it (verifiers: environment and the prompt's first words). */
  title: string | null;
  reward: number | null;
  status: "completed" | "error" | "truncated" | "running";
  messageCount: number;
  toolCallCount: number;
  toolErrorCount: number;
  runId: string;
  createdAt: Date;
  /** Scanner flags on the rollout, and the highest severity among them (null: none). */
  flagCount: number;
  flagSeverity: "high" | "medium" | "low" | null;
  /** With `q`: the first matching message and its highlighted snippet. */
  snippet: { messageIndex: number; segments: HighlightSegment[] } | null;
};

export type RolloutPage = {
  items: RolloutListItem[];
  nextCursor: string | null;
  /** With a search: rollouts not searchable yet (the indexer follows imports), so results may grow. */
  searchPending: number | null;
  /**
   * With a phrase of common words (the `bounded` plan): true when only some of the messages holding
   * all its words were checked (PHRASE_RECHECK_LIMIT of them), so matches may be missing.
   */
  searchPartial: boolean | null;
};

/** The listed rollout's id in correlated subqueries (see OUTER_ROLLOUT_ID in filter-sql.ts). */
const OUTER_ID = sql.raw(`"rollouts"."id"`);

const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
const SNIPPET_SOURCE_CHARS = 20_000;
/**
 * ts_headline parses all the text it gets (milliseconds for a long tool output), so it gets a
 * window of the message around the first place one of the query's stems occurs.
 */
const SNIPPET_WINDOW_CHARS = 1_500;
const SNIPPET_LEAD_CHARS = 300;
/** Counting stops here: the list says "10,000+" instead of scanning every match. */
export const COUNT_CAP = 10_000;

export async function listRollouts({
  ctx,
  input,
  signal,
}: {
  ctx: Ctx;
  input: RolloutFilterInput;
  /** The request's signal: aborting it cancels the running query. */
  signal?: AbortSignal;
}): Promise<RolloutPage> {
  assertCan(ctx, "rollouts.read");
  const filter = parseInput(rolloutFilterInput, input);
  return runRolloutQuery({ ctx, q: filter.q, signal }, async (tx, strategy) => {
    // Sent together (pipelined on the transaction's connection): one round trip.
    const [rows, searchPending] = await Promise.all([
      selectRolloutPage(tx, {
        workspaceId: ctx.workspace.id,
        filter,
        strategy,
        visibleLabels: buildVisibleLabelCondition(ctx),
      }),
      filter.q ? countPendingRollouts(ctx.workspace.id, tx) : null,
    ]);
    const page = rows.slice(0, filter.limit);
    const last = page.at(-1);
    const isTimeSort = filter.sort === "newest" || filter.sort === "oldest";
    const nextCursor =
      rows.length > filter.limit && last
        ? encodeCursor({
            sort: filter.sort,
            value: isTimeSort ? last.createdAtKey : last.reward,
            id: last.id,
          })
        : null;
    const snippets = filter.q
      ? await listSnippets(tx, {
          workspaceId: ctx.workspace.id,
          rolloutIds: page.map((r) => r.id),
          q: filter.q,
          strategy,
        })
      : new Map<string, RolloutListItem["snippet"]>();
    const searchPartial = filter.q ? typeof strategy === "object" && strategy.isPartial : null;
    return {
      items: page.map(({ createdAtKey: _key, ...row }) => ({
        ...row,
        snippet: snippets.get(row.id) ?? null,
      })),
      nextCursor,
      searchPending,
      searchPartial,
    };
  });
}

/** The page query of listRollouts, not yet run (tests EXPLAIN this exact statement). */
export function selectRolloutPage(
  executor: Executor,
  {
    workspaceId,
    filter,
    strategy,
    visibleLabels,
  }: { workspaceId: string; filter: RolloutFilter; strategy: SearchStrategy; visibleLabels?: SQL },
) {
  const conditions = buildFilterConditions(workspaceId, filter, strategy, visibleLabels);
  if (filter.cursor) conditions.push(buildKeysetCondition(decodeCursor(filter.cursor, filter.sort)));
  return executor
    .select({
      id: rollouts.id,
      externalId: rollouts.externalId,
      step: rollouts.step,
      model: rollouts.model,
      environment: environments.slug,
      task: rollouts.taskKey,
      title: sql<string | null>`${rollouts.metadata}->>'title'`,
      reward: rollouts.reward,
      status: rollouts.status,
      messageCount: rollouts.messageCount,
      toolCallCount: rollouts.toolCallCount,
      toolErrorCount: rollouts.toolErrorCount,
      runId: rollouts.runId,
      createdAt: rollouts.createdAt,
      createdAtKey,
      flagCount: sql<number>`(select count(*)::int from flags f where f.rollout_id = ${OUTER_ID})`,
      flagSeverity: sql<
        "high" | "medium" | "low" | null
      >`(select (array['low','medium','high'])[max(case f.severity
        when 'high' then 3 when 'medium' then 2 else 1 end)] from flags f where f.rollout_id = ${OUTER_ID})`,
    })
    .from(rollouts)
    .leftJoin(environments, eq(environments.id, rollouts.environmentId))
    .where(and(...conditions))
    .orderBy(...buildOrderBy(filter.sort))
    .limit(filter.limit + 1);
}

/**
 * Runs a rollout list query as an interactive query (timeout, cancelled with the request); with
 * a search, in one of the workspace's search slots and with the plan chosen for its words.
 */
async function runRolloutQuery<T>(
  { ctx, q, signal }: { ctx: Ctx; q: string | undefined; signal?: AbortSignal },
  work: (tx: Tx, strategy: SearchStrategy) => Promise<T>,
): Promise<T> {
  if (!q) return runInteractive({ signal }, (tx) => work(tx, "scan"));
  return withSearchSlot({ workspaceId: ctx.workspace.id, signal }, () =>
    runInteractive({ signal }, async (tx) => {
      const strategy = await chooseSearchStrategy(tx, ctx.workspace.id, q);
      if (strategy !== "scan") return work(tx, strategy);
      // The settings go ahead of the work's statements without waiting for their answer (pipelined).
      const [, result] = await Promise.all([preferOrderedIndexScans(tx), work(tx, strategy)]);
      return result;
    }),
  );
}

/**
 * ts_headline of the first matching message of each listed rollout; runs on the page's rows only.
 * The first match per rollout comes from one GIN scan over the page's rollouts (rare words), or
 * from each rollout's messages in order, stopping at the first match (common words).
 */
async function listSnippets(
  tx: Tx,
  {
    workspaceId,
    rolloutIds,
    q,
    strategy,
  }: { workspaceId: string; rolloutIds: string[]; q: string; strategy: SearchStrategy },
) {
  const out = new Map<string, { messageIndex: number; segments: HighlightSegment[] }>();
  if (rolloutIds.length === 0) return out;
  const rows = await tx.execute<{ rollout_id: string; index: number; headline: string }>(
    selectSnippets({ workspaceId, rolloutIds, q, strategy }),
  );
  for (const row of rows) {
    out.set(row.rollout_id, { messageIndex: Number(row.index), segments: splitHighlights(row.headline) });
  }
  return out;
}

/** The snippet query of listSnippets (tests EXPLAIN this exact statement). */
export function selectSnippets({
  workspaceId,
  rolloutIds,
  q,
  strategy,
}: {
  workspaceId: string;
  rolloutIds: string[];
  q: string;
  strategy: SearchStrategy;
}): SQL {
  const ids = uuidArray(rolloutIds);
  const firstMatches =
    typeof strategy === "object"
      ? sql`select b.rollout_id, b.message_index
          from unnest(${uuidArray(strategy.rolloutIds)}, ${`{${strategy.messageIndexes.join(",")}}`}::int[])
            as b(rollout_id, message_index)
          where b.rollout_id = any(${ids})`
      : strategy === "index"
        ? // The workspace's matches through the GIN index alone, then the page's rollouts among them: a
          // condition on rollout_id beside the GIN one let Postgres AND in a bitmap of every message of
          // those rollouts (100,000 entries for 50 rollouts of 2,000 messages), so it comes after.
          sql`select distinct on (hit.rollout_id) hit.rollout_id, hit.message_index
          from (select ms.rollout_id, ms.message_index from ${messageSearch} ms
            where ms.workspace_id = ${workspaceId} and ms.search @@ ${toTsQuery(q)} offset 0) as hit
          where hit.rollout_id = any(${ids})
          order by hit.rollout_id, hit.message_index`
        : sql`select r.id as rollout_id, f.message_index from unnest(${ids}) as r(id)
          cross join lateral (select ms.message_index from ${messageSearch} ms
            where ms.rollout_id = r.id and ms.workspace_id = ${workspaceId} and ms.search @@ ${toTsQuery(q)}
            order by ms.message_index limit 1) as f`;
  // The query's stems ('deni' of "denied") are looked up with strpos in the lowercased text, which is
  // built and lowercased once per message (`offset 0` keeps a lateral from being copied into each of
  // its uses). The headline marks any of the stems: with the query itself, an AND of words further
  // apart than the window would leave the snippet without a single mark.
  return sql`
    select h.rollout_id, m.index, ts_headline('english',
      substr(d.body, greatest(1, coalesce(p.at, 1) - ${SNIPPET_LEAD_CHARS}), ${SNIPPET_WINDOW_CHARS}),
      coalesce(s.any_stem, s.tsq), ${HEADLINE_OPTIONS}) as headline
    from (select q.tsq, array(select stem[1] from regexp_matches(q.tsq::text, '''([^'']+)''', 'g') as stem) as stems,
        (select string_agg(quote_literal(stem[1]), ' | ')
          from regexp_matches(q.tsq::text, '''([^'']+)''', 'g') as stem)::tsquery as any_stem
      from (select ${toTsQuery(q)} as tsq offset 0) as q offset 0) as s
    cross join (${firstMatches}) as h
    join ${messages} m on m.rollout_id = h.rollout_id and m.index = h.message_index
    cross join lateral (select left(coalesce(m.text, '') || ' ' || coalesce(m.reasoning, '') || ' '
      || coalesce(m.tool_calls::text, ''), ${SNIPPET_SOURCE_CHARS}) as body offset 0) as d
    cross join lateral (select lower(d.body) as lowered offset 0) as l
    cross join lateral (select min(nullif(strpos(l.lowered, stem), 0)) as at from unnest(s.stems) as stem) as p`;
}

/** How many rollouts match the filter (cursor ignored), counted up to COUNT_CAP + 1. */
export async function countRollouts({
  ctx,
  input,
  signal,
}: {
  ctx: Ctx;
  input: RolloutFilterInput;
  signal?: AbortSignal;
}) {
  assertCan(ctx, "rollouts.read");
  const filter = parseInput(rolloutFilterInput, input);
  return runRolloutQuery({ ctx, q: filter.q, signal }, async (tx, strategy) => {
    const matching = tx
      .select({ one: sql`1` })
      .from(rollouts)
      .where(
        and(...buildFilterConditions(ctx.workspace.id, filter, strategy, buildVisibleLabelCondition(ctx))),
      )
      .limit(COUNT_CAP + 1)
      .as("matching");
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(matching);
    return { count: Math.min(row.n, COUNT_CAP), isCapped: row.n > COUNT_CAP };
  });
}

/** Choices for the filter dropdowns; each one an index-backed, capped query. */
export async function listRolloutFacets({ ctx }: { ctx: Ctx }) {
  assertCan(ctx, "rollouts.read");
  const workspaceId = ctx.workspace.id;
  const [models, environmentRows, runRows] = await Promise.all([
    db
      .selectDistinct({ model: rollouts.model })
      .from(rollouts)
      .where(and(eq(rollouts.workspaceId, workspaceId), isNotNull(rollouts.model)))
      .orderBy(rollouts.model)
      .limit(200),
    db
      .select({ slug: environments.slug, name: environments.name })
      .from(environments)
      .where(eq(environments.workspaceId, workspaceId))
      .orderBy(environments.name)
      .limit(500),
    db
      .select({ id: runs.id, source: runs.source, format: runs.format, createdAt: runs.createdAt })
      .from(runs)
      .where(eq(runs.workspaceId, workspaceId))
      .orderBy(desc(runs.createdAt))
      .limit(100),
  ]);
  return {
    models: models.map((m) => m.model as string),
    environments: environmentRows,
    runs: runRows,
    signatures: listSignatureChoices(),
  };
}

/** The latest runs of the workspace, imports and live runs (newest 200), for the runs page. */
export async function listRuns({ ctx }: { ctx: Ctx }) {
  assertCan(ctx, "rollouts.read");
  return db
    .select({
      id: runs.id,
      kind: runs.kind,
      source: sql<string>`coalesce(${runs.name}, ${runs.source})`,
      format: runs.format,
      model: runs.model,
      status: runs.status,
      imported: runs.imported,
      skipped: runs.skipped,
      failed: runs.failed,
      createdAt: runs.createdAt,
      finishedAt: runs.finishedAt,
      // Spelled out: Drizzle leaves columns unqualified in single-table selects, which a subquery would rebind.
      rolloutCount: sql<number>`(select count(*)::int from "rollouts" as r where r."run_id" = "runs"."id")`,
    })
    .from(runs)
    .where(eq(runs.workspaceId, ctx.workspace.id))
    .orderBy(desc(runs.createdAt), desc(runs.id))
    .limit(200);
}
