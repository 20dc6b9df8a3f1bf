import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { environmentSamples, messages, rollouts } from "@/db/schema";
import type { SnapshotMessage, SnapshotSample } from "@/lib/exports/snapshot";
import { buildFinalLabelsCte } from "@/lib/labels/final-labels";

// Reads behind the sample rollouts buyers see: their final labels (never who labelled), their
// messages in the normalized shape, and the chosen samples of an environment.

export type SampleLabel = NonNullable<SnapshotSample["label"]>;

/** Final labels with a verdict (adjudicated or unanimous), with the categories reviewers gave. */
export async function loadSampleLabels(executor: Executor, workspaceId: string, rolloutIds: string[]) {
  const out = new Map<string, SampleLabel>();
  if (rolloutIds.length === 0) return out;
  const ids = sql.join(
    rolloutIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await executor.execute<{
    rollout_id: string;
    verdict: string | null;
    source: "adjudicated" | "unanimous" | "disputed";
    label_count: number;
    categories: string[] | null;
    adjudicated_categories: string[] | null;
  }>(sql`${buildFinalLabelsCte(workspaceId, ids)}
    select final.rollout_id, final.verdict, final.source, final.label_count, final.adjudicated_categories,
      (select array_agg(distinct c order by c) from cur, unnest(cur.categories) c
        where cur.rollout_id = final.rollout_id and cur.verdict = final.verdict) as categories
    from final`);
  for (const row of rows) {
    if (!row.verdict || row.source === "disputed") continue;
    out.set(row.rollout_id, {
      verdict: row.verdict,
      categories: row.adjudicated_categories ?? row.categories ?? [],
      source: row.source,
      reviewers: row.label_count,
    });
  }
  return out;
}

export async function loadSampleMessages(
  executor: Executor,
  rolloutIds: string[],
): Promise<Map<string, SnapshotMessage[]>> {
  const out = new Map<string, SnapshotMessage[]>();
  if (rolloutIds.length === 0) return out;
  const rows = await executor
    .select({
      rolloutId: messages.rolloutId,
      role: messages.role,
      text: messages.text,
      reasoning: messages.reasoning,
      toolCalls: messages.toolCalls,
      toolCallId: messages.toolCallId,
      toolName: messages.toolName,
      error: messages.error,
      model: messages.model,
    })
    .from(messages)
    .where(inArray(messages.rolloutId, rolloutIds))
    .orderBy(asc(messages.rolloutId), asc(messages.index));
  for (const { rolloutId, toolCalls, ...message } of rows) {
    const list = out.get(rolloutId) ?? [];
    list.push({
      ...message,
      toolCalls: (Array.isArray(toolCalls) ? toolCalls : []).map((c) => ({
        id: String(c.id),
        name: String(c.name),
        arguments: c.arguments,
      })),
    });
    out.set(rolloutId, list);
  }
  return out;
}

export type ChosenSample = {
  id: string;
  rolloutId: string;
  position: number;
  note: string;
  taskKey: string | null;
  model: string | null;
  reward: number | null;
  status: "completed" | "error" | "truncated" | "running";
  messageCount: number;
};

/** The samples an environment's authors chose, in their order (only rollouts still linked to it). */
export async function listChosenSamples(executor: Executor, environmentId: string): Promise<ChosenSample[]> {
  return executor
    .select({
      id: environmentSamples.id,
      rolloutId: environmentSamples.rolloutId,
      position: environmentSamples.position,
      note: environmentSamples.note,
      taskKey: rollouts.taskKey,
      model: rollouts.model,
      reward: rollouts.reward,
      status: rollouts.status,
      messageCount: rollouts.messageCount,
    })
    .from(environmentSamples)
    .innerJoin(
      rollouts,
      and(eq(rollouts.id, environmentSamples.rolloutId), eq(rollouts.environmentId, environmentId)),
    )
    .where(eq(environmentSamples.environmentId, environmentId))
    .orderBy(asc(environmentSamples.position), asc(environmentSamples.createdAt));
}
