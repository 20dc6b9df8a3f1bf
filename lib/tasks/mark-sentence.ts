import "server-only";
import { sentenceMarks } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { normalizeSentence } from "./coverage/text";
import { describeActor } from "./revisions";
import { type MarkSentenceInput, markSentenceInput } from "./schemas";
import type { SentenceMarkEntry } from "./sentence-mark-queries";

/**
 * Marks a sentence as background or as a requirement for the whole workspace: the coverage check
 * then treats that sentence (same words, any case or spacing) so in every task, and the
 * model-assisted check gets the marks as examples. Marking it again changes the verdict.
 */
export async function markSentence({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: MarkSentenceInput;
}): Promise<SentenceMarkEntry> {
  assertCan(ctx, "environments.write");
  const data = parseInput(markSentenceInput, input);
  const textKey = normalizeSentence(data.text);
  return runInTransaction(ctx, async (tx) => {
    const values = {
      workspaceId: ctx.workspace.id,
      textKey,
      text: data.text,
      verdict: data.verdict,
      actorUserId: actorUserId(ctx.actor),
      actorName: describeActor(ctx.actor),
    };
    const [row] = await tx
      .insert(sentenceMarks)
      .values(values)
      .onConflictDoUpdate({
        target: [sentenceMarks.workspaceId, sentenceMarks.textKey],
        set: {
          text: values.text,
          verdict: values.verdict,
          actorUserId: values.actorUserId,
          actorName: values.actorName,
          updatedAt: new Date(),
        },
      })
      .returning();
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "sentence.mark",
      targetType: "sentence_mark",
      targetId: row.id,
      details: { text: data.text, verdict: data.verdict },
    });
    return {
      id: row.id,
      text: row.text,
      verdict: row.verdict,
      actorName: row.actorName,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
