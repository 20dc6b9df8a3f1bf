import "server-only";
import { sql } from "drizzle-orm";
import { configureBatchTransaction } from "@/db/batch-transaction";
import { db } from "@/db/client";
import { selectMessagesOfRollouts } from "@/lib/rollouts/messages-of-rollouts";
import type { TranscriptMessage } from "./judge-prompt";

/** The statement loadTranscripts runs (exported for tests). */
export function selectTranscripts(workspaceId: string, rolloutIds: string[]) {
  return selectMessagesOfRollouts(
    rolloutIds,
    sql`m.rollout_id as "rolloutId", m.index, m.role, m.text, m.reasoning, m.tool_calls as "toolCalls",
      m.tool_name as "toolName"`,
    { workspaceId },
  );
}

/**
 * The transcripts a judge or the LLM scanner reads, by rollout id (a rollout without messages, or
 * outside the workspace, maps to none). Read with selectMessagesOfRollouts: these batches run
 * beside imports, before the messages have statistics.
 */
export async function loadTranscripts(
  workspaceId: string,
  rolloutIds: string[],
): Promise<Map<string, TranscriptMessage[]>> {
  // Without statistics the statement's estimate crosses the JIT threshold (db/batch-transaction.ts).
  const rows = await db.transaction(async (tx) => {
    await configureBatchTransaction(tx);
    return tx.execute<TranscriptMessage & { rolloutId: string }>(selectTranscripts(workspaceId, rolloutIds));
  });
  const byRollout = new Map<string, TranscriptMessage[]>();
  for (const { rolloutId, ...message } of rows) {
    const list = byRollout.get(rolloutId) ?? [];
    list.push(message);
    byRollout.set(rolloutId, list);
  }
  return byRollout;
}
