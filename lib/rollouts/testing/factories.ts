import { randomUUID } from "node:crypto";
import { db, type Executor } from "@/db/client";
import { environments, messages, rollouts, runs } from "@/db/schema";
import { indexRollouts } from "@/lib/search/index-rollouts";
import type { MessagePart, ToolCall } from "@/lib/values/message-json";

// Rollout test factories: rows inserted directly (with `db`, or the executor an e2e fixture passes),
// each with a unique suffix so tests never collide. Workspaces and members come from lib/testing (DB tests) or e2e fixtures.

export type FactoryMessage = {
  role: "system" | "user" | "assistant" | "tool";
  text?: string;
  reasoning?: string | null;
  toolCalls?: ToolCall[];
  toolCallId?: string | null;
  toolName?: string | null;
  error?: string | null;
  parts?: MessagePart[];
  /** What the source said that has no column (e.g. `{ role: "user" }` for a result sent as a user turn). */
  metadata?: Record<string, unknown>;
};

export type FactoryRollout = {
  /** A chosen id (tests of anything split by a hash of the id); random when omitted. */
  id?: string;
  model?: string | null;
  taskKey?: string | null;
  environmentId?: string | null;
  reward?: number | null;
  status?: "completed" | "error" | "truncated";
  createdAt?: Date;
  metadata?: Record<string, unknown>;
  scores?: Record<string, number>;
  messages?: FactoryMessage[];
  /** Index the messages for search at once, as the search indexer would later (default true). */
  isSearchIndexed?: boolean;
};

/** No lib/testing import here: e2e loads this file outside Next, where `server-only` modules throw. */
const uniqueSuffix = () => randomUUID().slice(0, 8);

type Target = { workspaceId: string; executor?: Executor };

export async function createTestEnvironment({
  workspaceId,
  executor = db,
  slug = `env-${uniqueSuffix()}`,
}: Target & { slug?: string }) {
  const [row] = await executor
    .insert(environments)
    .values({ workspaceId, slug, name: slug })
    .returning({ id: environments.id, slug: environments.slug });
  return row;
}

export async function createTestRun({
  workspaceId,
  executor = db,
  source = `test-${uniqueSuffix()}.jsonl`,
}: Target & { source?: string }) {
  const [row] = await executor
    .insert(runs)
    .values({ workspaceId, source, format: "openai", status: "completed" })
    .returning({ id: runs.id });
  return row;
}

const MESSAGE_CHUNK = 2_000;

/** Inserts one rollout and its messages (indexes 0..n-1); counts are derived from the messages. */
export async function createTestRollout({
  workspaceId,
  runId,
  executor = db,
  ...rollout
}: Target & { runId: string } & FactoryRollout) {
  const list = rollout.messages ?? [{ role: "user", text: "hello" }];
  const toolCallCount = list.reduce((n, m) => n + (m.toolCalls?.length ?? 0), 0);
  const toolErrorCount = list.filter((m) => m.role === "tool" && m.error).length;
  const [row] = await executor
    .insert(rollouts)
    .values({
      workspaceId,
      runId,
      environmentId: rollout.environmentId ?? null,
      taskKey: rollout.taskKey ?? null,
      model: rollout.model ?? null,
      reward: rollout.reward ?? null,
      status: rollout.status ?? "completed",
      scores: rollout.scores ?? {},
      metadata: rollout.metadata ?? {},
      messageCount: list.length,
      toolCallCount,
      toolErrorCount,
      contentHash: randomUUID(),
      ...(rollout.id ? { id: rollout.id } : {}),
      ...(rollout.createdAt ? { createdAt: rollout.createdAt } : {}),
    })
    .returning({ id: rollouts.id });
  for (let start = 0; start < list.length; start += MESSAGE_CHUNK) {
    await executor.insert(messages).values(
      list.slice(start, start + MESSAGE_CHUNK).map((m, i) => ({
        rolloutId: row.id,
        workspaceId,
        index: start + i,
        role: m.role,
        text: m.text ?? "",
        reasoning: m.reasoning ?? null,
        toolCalls: m.toolCalls ?? null,
        toolCallId: m.toolCallId ?? null,
        toolName: m.toolName ?? null,
        error: m.error ?? null,
        parts: m.parts ?? null,
        metadata: m.metadata ?? null,
      })),
    );
  }
  if (rollout.isSearchIndexed ?? true) await indexRollouts(executor, [row.id]);
  return row;
}

/**
 * `count` rollouts of `messagesEach` messages (tool results and assistant turns, `text(r, m)` each),
 * not search-indexed yet, as an import leaves them; returns their ids in creation order.
 */
export async function createUnindexedTestRollouts({
  workspaceId,
  runId,
  count,
  messagesEach,
  text,
}: {
  workspaceId: string;
  runId: string;
  count: number;
  messagesEach: number;
  text: (r: number, m: number) => string;
}) {
  const ids: string[] = [];
  for (let r = 0; r < count; r++) {
    const rollout = await createTestRollout({
      workspaceId,
      runId,
      isSearchIndexed: false,
      messages: Array.from({ length: messagesEach }, (_, m) => ({
        role: m % 2 ? ("assistant" as const) : ("tool" as const),
        text: text(r, m),
      })),
    });
    ids.push(rollout.id);
  }
  return ids;
}
