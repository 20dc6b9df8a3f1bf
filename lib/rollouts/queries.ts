import "server-only";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, messageSearch, messages, rollouts, runs } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { countPendingRollouts } from "@/lib/search/index-rollouts";
import { toTsQuery } from "@/lib/search/text-search";
import { parseInput } from "@/lib/validation";
import { decodeCursor, encodeCursor } from "./cursor";
import {
  buildFilterConditions,
  buildKeysetCondition,
  buildOrderBy,
  chooseSearchStrategy,
  createdAtKey,
} from "./filter-sql";
import { type HighlightSegment, MATCH_END, MATCH_START, splitHighlights } from "./highlights";
import { type RolloutFilterInput, rolloutFilterInput } from "./schemas";

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
  reward: number | null;
  status: "completed" | "error" | "truncated" | "running";
  messageCount: number;
  toolCallCount: number;
  toolErrorCount: number;
  runId: string;
  createdAt: Date;
  /** With `q`: the first matching message and its highlighted snippet. */
  snippet: { messageIndex: number; segments: HighlightSegment[] } | null;
};

export type RolloutPage = {
  items: RolloutListItem[];
  nextCursor: string | null;
  /** With a search: rollouts not searchable yet (the indexer follows imports), so results may grow. */
  searchPending: number | null;
};

const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
const SNIPPET_SOURCE_CHARS = 20_000;
/** Counting stops here: the list says "10,000+" instead of scanning every match. */
export const COUNT_CAP = 10_000;

export async function listRollouts({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: RolloutFilterInput;
}): Promise<RolloutPage> {
  assertCan(ctx, "rollouts.read");
  const filter = parseInput(rolloutFilterInput, input);
  const strategy = filter.q ? await chooseSearchStrategy(ctx.workspace.id, filter.q) : "scan";
  const conditions = buildFilterConditions(ctx.workspace.id, filter, strategy);
  if (filter.cursor) conditions.push(buildKeysetCondition(decodeCursor(filter.cursor, filter.sort)));
  const rows = await db
    .select({
      id: rollouts.id,
      externalId: rollouts.externalId,
      step: rollouts.step,
      model: rollouts.model,
      environment: environments.slug,
      task: rollouts.taskKey,
      reward: rollouts.reward,
      status: rollouts.status,
      messageCount: rollouts.messageCount,
      toolCallCount: rollouts.toolCallCount,
      toolErrorCount: rollouts.toolErrorCount,
      runId: rollouts.runId,
      createdAt: rollouts.createdAt,
      createdAtKey,
    })
    .from(rollouts)
    .leftJoin(environments, eq(environments.id, rollouts.environmentId))
    .where(and(...conditions))
    .orderBy(...buildOrderBy(filter.sort))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  const isTimeSort = filter.sort === "newest" || filter.sort === "oldest";
  const nextCursor =
    rows.length > filter.limit && last
      ? encodeCursor({ sort: filter.sort, value: isTimeSort ? last.createdAtKey : last.reward, id: last.id })
      : null;
  const [snippets, searchPending] = filter.q
    ? await Promise.all([
        listSnippets(
          ctx,
          page.map((r) => r.id),
          filter.q,
        ),
        countPendingRollouts(ctx.workspace.id),
      ])
    : [new Map(), null];
  return {
    items: page.map(({ createdAtKey: _key, ...row }) => ({ ...row, snippet: snippets.get(row.id) ?? null })),
    nextCursor,
    searchPending,
  };
}

/** ts_headline of the first matching message of each listed rollout; runs on the page's rows only. */
async function listSnippets(ctx: Ctx, rolloutIds: string[], q: string) {
  const out = new Map<string, { messageIndex: number; segments: HighlightSegment[] }>();
  if (rolloutIds.length === 0) return out;
  // One LATERAL lookup per listed rollout (its first matching message by index), so ts_headline runs
  // 50 times, not once per matching message as a DISTINCT ON would.
  const ids = sql.join(
    rolloutIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await db.execute<{ rollout_id: string; index: number; headline: string }>(sql`
    select r.id as rollout_id, m.index, ts_headline('english',
      left(coalesce(m.text, '') || ' ' || coalesce(m.reasoning, '') || ' ' || coalesce(m.tool_calls::text, ''), ${SNIPPET_SOURCE_CHARS}),
      ${toTsQuery(q)}, ${HEADLINE_OPTIONS}) as headline
    from unnest(array[${ids}]) as r(id)
    cross join lateral (
      select ${messages.index}, ${messages.text}, ${messages.reasoning}, ${messages.toolCalls}
      from ${messageSearch} join ${messages}
        on ${messages.rolloutId} = ${messageSearch.rolloutId} and ${messages.index} = ${messageSearch.messageIndex}
      where ${messageSearch.rolloutId} = r.id and ${messageSearch.workspaceId} = ${ctx.workspace.id}
        and ${messageSearch.search} @@ ${toTsQuery(q)}
      order by ${messageSearch.messageIndex} limit 1
    ) as m`);
  for (const row of rows) {
    out.set(row.rollout_id, { messageIndex: Number(row.index), segments: splitHighlights(row.headline) });
  }
  return out;
}

/** How many rollouts match the filter (cursor ignored), counted up to COUNT_CAP + 1. */
export async function countRollouts({ ctx, input }: { ctx: Ctx; input: RolloutFilterInput }) {
  assertCan(ctx, "rollouts.read");
  const filter = parseInput(rolloutFilterInput, input);
  const strategy = filter.q ? await chooseSearchStrategy(ctx.workspace.id, filter.q) : "scan";
  const matching = db
    .select({ one: sql`1` })
    .from(rollouts)
    .where(and(...buildFilterConditions(ctx.workspace.id, filter, strategy)))
    .limit(COUNT_CAP + 1)
    .as("matching");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return { count: Math.min(row.n, COUNT_CAP), isCapped: row.n > COUNT_CAP };
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
  return { models: models.map((m) => m.model as string), environments: environmentRows, runs: runRows };
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
