import "server-only";
import { and, asc, desc, eq, gte, lt, ne, type SQL, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, messageSearch, messages, rollouts, runs, tasks } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { toTsQuery } from "@/lib/search/text-search";
import { parseInput } from "@/lib/validation";
import { type MessageRow, type TranscriptMessage, toTranscriptMessage } from "./message-dto";
import {
  findInTranscriptInput,
  type MessageWindowInput,
  messageWindowInput,
  rolloutIdInput,
} from "./schemas";

// Reads of one rollout and its transcript (the viewer and GET /api/v1/rollouts/{id}). Scoped to
// ctx.workspace; messages are read by window of index, never all at once.

function parseRolloutId(id: string): string {
  const parsed = rolloutIdInput.safeParse(id);
  if (!parsed.success) throw new AppError("not_found", "Rollout not found.");
  return parsed.data;
}

export type RolloutDetail = NonNullable<Awaited<ReturnType<typeof findRollout>>>;

async function findRollout(workspaceId: string, id: string) {
  const [row] = await db
    .select({
      id: rollouts.id,
      externalId: rollouts.externalId,
      model: rollouts.model,
      harness: rollouts.harness,
      reward: rollouts.reward,
      scores: rollouts.scores,
      status: rollouts.status,
      error: rollouts.error,
      metadata: rollouts.metadata,
      messageCount: rollouts.messageCount,
      toolCallCount: rollouts.toolCallCount,
      toolErrorCount: rollouts.toolErrorCount,
      taskKey: rollouts.taskKey,
      environment: environments.slug,
      environmentName: environments.name,
      taskTitle: tasks.title,
      run: { id: runs.id, source: runs.source, format: runs.format, createdAt: runs.createdAt },
      startedAt: rollouts.startedAt,
      endedAt: rollouts.endedAt,
      createdAt: rollouts.createdAt,
    })
    .from(rollouts)
    .innerJoin(runs, eq(runs.id, rollouts.runId))
    .leftJoin(environments, eq(environments.id, rollouts.environmentId))
    .leftJoin(tasks, eq(tasks.id, rollouts.taskId))
    .where(and(eq(rollouts.workspaceId, workspaceId), eq(rollouts.id, id)));
  return row ?? null;
}

/** The rollout's header and side-panel data (no messages); throws not_found outside the workspace. */
export async function getRollout({ ctx, id }: { ctx: Ctx; id: string }): Promise<RolloutDetail> {
  assertCan(ctx, "rollouts.read");
  const row = await findRollout(ctx.workspace.id, parseRolloutId(id));
  if (!row) throw new AppError("not_found", "Rollout not found.");
  return row;
}

/** A window of a transcript by message index: `offset` ≤ index < `offset + limit`. */
export async function listMessages({
  ctx,
  rolloutId,
  input,
}: {
  ctx: Ctx;
  rolloutId: string;
  input: Partial<Record<keyof MessageWindowInput, unknown>>;
}): Promise<TranscriptMessage[]> {
  assertCan(ctx, "rollouts.read");
  const { offset, limit, maxChars } = parseInput(messageWindowInput, input);
  const cut = (column: SQL | typeof messages.text) =>
    maxChars ? sql<string>`left(${column}, ${maxChars})` : column;
  const rows = await db
    .select({
      index: messages.index,
      role: messages.role,
      text: cut(messages.text) as SQL<string>,
      textLength: sql<number>`length(${messages.text})`,
      reasoning: cut(messages.reasoning as never) as SQL<string | null>,
      reasoningLength: sql<number | null>`length(${messages.reasoning})`,
      parts: messages.parts,
      toolCalls: messages.toolCalls,
      toolCallId: messages.toolCallId,
      toolName: messages.toolName,
      error: messages.error,
      tokens: messages.tokens,
      model: messages.model,
      sentAt: messages.sentAt,
      metadata: messages.metadata,
    })
    .from(messages)
    .where(
      and(
        eq(messages.rolloutId, parseRolloutId(rolloutId)),
        eq(messages.workspaceId, ctx.workspace.id),
        gte(messages.index, offset),
        lt(messages.index, offset + limit),
      ),
    )
    .orderBy(asc(messages.index));
  return rows.map((row) => toTranscriptMessage(row as MessageRow));
}

export const FIND_LIMIT = 5_000;

/**
 * Indexes of the messages matching `q`, like a browser's find: full text (stems, phrases) or a
 * case-insensitive substring of the text or tool-call arguments (paths like answer_key.json).
 */
export async function findInTranscript({ ctx, rolloutId, q }: { ctx: Ctx; rolloutId: string; q: string }) {
  assertCan(ctx, "rollouts.read");
  const { q: query } = parseInput(findInTranscriptInput, { q });
  const needle = query.toLowerCase();
  const indexedMatch = sql`exists (select 1 from ${messageSearch} where ${messageSearch.rolloutId} = ${messages.rolloutId}
    and ${messageSearch.messageIndex} = ${messages.index} and ${messageSearch.search} @@ ${toTsQuery(query)})`;
  const match = sql`(${indexedMatch}
    or strpos(lower(${messages.text}), ${needle}) > 0
    or strpos(lower(coalesce(${messages.reasoning}, '')), ${needle}) > 0
    or (${messages.toolCalls} is not null and strpos(lower(${messages.toolCalls}::text), ${needle}) > 0))`;
  const rows = await db
    .select({ index: messages.index })
    .from(messages)
    .where(
      and(
        eq(messages.rolloutId, parseRolloutId(rolloutId)),
        eq(messages.workspaceId, ctx.workspace.id),
        match,
      ),
    )
    .orderBy(asc(messages.index))
    .limit(FIND_LIMIT + 1);
  return { indexes: rows.slice(0, FIND_LIMIT).map((r) => r.index), isTruncated: rows.length > FIND_LIMIT };
}

/** Other rollouts of the same task (and environment), newest first: candidates for "compare with…". */
export async function listSiblingRollouts({
  ctx,
  rollout,
}: {
  ctx: Ctx;
  rollout: Pick<RolloutDetail, "id" | "taskKey" | "environment">;
}) {
  assertCan(ctx, "rollouts.read");
  if (!rollout.taskKey) return [];
  return db
    .select({
      id: rollouts.id,
      model: rollouts.model,
      reward: rollouts.reward,
      createdAt: rollouts.createdAt,
    })
    .from(rollouts)
    .leftJoin(environments, eq(environments.id, rollouts.environmentId))
    .where(
      and(
        eq(rollouts.workspaceId, ctx.workspace.id),
        eq(rollouts.taskKey, rollout.taskKey),
        rollout.environment ? eq(environments.slug, rollout.environment) : sql`true`,
        ne(rollouts.id, rollout.id),
      ),
    )
    .orderBy(desc(rollouts.createdAt), desc(rollouts.id))
    .limit(50);
}
