import { findSecretNeedles, listSecretNeedles } from "@/lib/exports/secret-text";
import type { SnapshotMessage } from "@/lib/exports/snapshot";

// Buyers read sample transcripts; a transcript that quotes an answer key would hand it to them.
// Samples are checked against every task's answer key (whole and by distinctive line) when chosen
// and again when a version is approved.

export type KeyedSecret = { taskKey: string; answerKey: string };

/** The task keys whose answer key a transcript quotes. */
export function findQuotedAnswerKeys(
  messages: Pick<SnapshotMessage, "text" | "reasoning" | "toolCalls">[],
  keys: KeyedSecret[],
): string[] {
  const text = messages
    .map((m) =>
      [m.text, m.reasoning ?? "", ...m.toolCalls.map((c) => JSON.stringify(c.arguments ?? null))].join("\n"),
    )
    .join("\n");
  return keys
    .filter((k) => findSecretNeedles(text, listSecretNeedles(k.answerKey)).length > 0)
    .map((k) => k.taskKey);
}
