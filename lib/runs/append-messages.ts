import "server-only";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { bulkInsert } from "@/db/bulk-insert";
import type { Tx } from "@/db/client";
import { messages, rolloutMessageChunks, rollouts } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { mapChatMessages } from "@/lib/imports/formats/openai-blocks";
import { linkToolResults } from "@/lib/imports/formats/shared/link-tool-results";
import { hasGivenUp } from "@/lib/imports/give-up";
import { countToolCalls, countToolErrors, MESSAGE_COLUMNS, messageRow } from "@/lib/imports/store-rollouts";
import type { NormalizedMessage } from "@/lib/imports/types";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { getIngestGate } from "./ingest-gate";
import { describeItemError, liveContentHash } from "./live-items";
import { assertOpen, lockLiveRun } from "./live-run";
import { type AppendMessagesInput, appendMessagesInput } from "./schemas";

// Streams messages into a running rollout, chunk by chunk, each with a sequence number (1, 2, …).
// A chunk seen before is ignored; a chunk ahead of a missing one waits (stored apart) until the gap
// is filled, then every waiting chunk that now follows in order is appended.

export type AppendMessagesResult = {
  /** `appended`: this chunk (and any that waited behind it) is in; `waiting`: a chunk before it is missing. */
  status: "appended" | "duplicate" | "waiting";
  /** The last chunk appended in order. */
  appliedSeq: number;
  messageCount: number;
};

export async function appendMessages({
  ctx,
  runId,
  key,
  input,
}: {
  ctx: Ctx;
  runId: string;
  key: string;
  input: AppendMessagesInput;
}): Promise<AppendMessagesResult> {
  assertCan(ctx, "rollouts.import");
  const { seq, messages: chunk } = parseInput(appendMessagesInput, input);
  try {
    mapChatMessages(chunk, "messages");
  } catch (error) {
    throw new AppError("invalid", describeItemError(error));
  }
  const result = await getIngestGate().run(() =>
    runInTransaction(ctx, async (tx) => {
      const run = await lockLiveRun(tx, ctx, runId, "share");
      assertOpen(run);
      const [rollout] = await tx
        .select({
          id: rollouts.id,
          status: rollouts.status,
          streamSeq: rollouts.streamSeq,
          messageCount: rollouts.messageCount,
        })
        .from(rollouts)
        .where(
          and(
            eq(rollouts.workspaceId, ctx.workspace.id),
            eq(rollouts.contentHash, liveContentHash(run.id, key)),
          ),
        )
        .for("update");
      if (!rollout)
        throw new AppError(
          "not_found",
          `No rollout "${key}" in this run: create it first (POST …/rollouts with status "running").`,
        );
      if (rollout.status !== "running")
        throw new AppError(
          "conflict",
          `The rollout is ${rollout.status}; only a running rollout takes messages.`,
        );
      const current = {
        status: "duplicate" as const,
        appliedSeq: rollout.streamSeq,
        messageCount: rollout.messageCount,
      };
      if (seq <= rollout.streamSeq) return current;
      if (seq > rollout.streamSeq + 1) {
        const stored = await tx
          .insert(rolloutMessageChunks)
          .values({ rolloutId: rollout.id, seq, messages: chunk })
          .onConflictDoNothing()
          .returning({ id: rolloutMessageChunks.id });
        return { ...current, status: stored.length > 0 ? ("waiting" as const) : ("duplicate" as const) };
      }
      const applied = await applyChunks(tx, ctx, rollout, chunk);
      await recordAudit(tx, ctx.actor, {
        workspaceId: ctx.workspace.id,
        action: "run.messages",
        targetType: "rollout",
        targetId: rollout.id,
        details: { seq, appliedSeq: applied.appliedSeq },
      });
      return { status: "appended" as const, ...applied };
    }),
  );
  return result;
}

/** Appends the chunk and the waiting chunks that follow it without a gap. */
async function applyChunks(
  tx: Tx,
  ctx: Ctx,
  rollout: { id: string; streamSeq: number; messageCount: number },
  chunk: unknown[],
): Promise<{ appliedSeq: number; messageCount: number }> {
  const waiting = await tx
    .select({
      id: rolloutMessageChunks.id,
      seq: rolloutMessageChunks.seq,
      messages: rolloutMessageChunks.messages,
    })
    .from(rolloutMessageChunks)
    .where(
      and(
        eq(rolloutMessageChunks.rolloutId, rollout.id),
        gt(rolloutMessageChunks.seq, rollout.streamSeq + 1),
      ),
    )
    .orderBy(asc(rolloutMessageChunks.seq));
  let appliedSeq = rollout.streamSeq + 1;
  const lists = [chunk];
  const consumed: string[] = [];
  for (const next of waiting) {
    if (next.seq !== appliedSeq + 1) break;
    appliedSeq = next.seq;
    lists.push(next.messages);
    consumed.push(next.id);
  }
  const added = lists.flatMap((list) => mapChatMessages(list, "messages"));
  // Tool results link to calls made earlier in the rollout: link over the whole transcript.
  const earlier = await tx
    .select({
      role: messages.role,
      toolCalls: messages.toolCalls,
      toolCallId: messages.toolCallId,
      toolName: messages.toolName,
    })
    .from(messages)
    .where(and(eq(messages.rolloutId, rollout.id), eq(messages.workspaceId, ctx.workspace.id)))
    .orderBy(asc(messages.index));
  const stubs: NormalizedMessage[] = earlier.map((m) => ({
    ...m,
    text: "",
    toolCalls: m.toolCalls ?? undefined,
  }));
  const tail = linkToolResults([...stubs, ...added]).slice(stubs.length);
  await bulkInsert(
    tx,
    "messages",
    MESSAGE_COLUMNS,
    tail.map((m, i) => messageRow(rollout.id, ctx.workspace.id, m, rollout.messageCount + i)),
  );
  const gaveUp = tail.some((m) => m.role === "assistant" && m.text) ? hasGivenUp(tail) : null;
  const messageCount = rollout.messageCount + tail.length;
  await tx
    .update(rollouts)
    .set({
      messageCount,
      toolCallCount: sql`${rollouts.toolCallCount} + ${countToolCalls(tail)}`,
      toolErrorCount: sql`${rollouts.toolErrorCount} + ${countToolErrors(tail)}`,
      ...(gaveUp === null ? {} : { gaveUp }),
      streamSeq: appliedSeq,
      searchIndexedAt: null,
    })
    .where(eq(rollouts.id, rollout.id));
  if (consumed.length > 0)
    await tx.delete(rolloutMessageChunks).where(inArray(rolloutMessageChunks.id, consumed));
  return { appliedSeq, messageCount };
}
