import "server-only";
import { and, eq } from "drizzle-orm";
import { sentenceMarks } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { type RemoveSentenceMarkInput, removeSentenceMarkInput } from "./schemas";

/** Removes a workspace sentence mark: the check decides about that sentence by itself again. */
export async function removeSentenceMark({ ctx, input }: { ctx: Ctx; input: RemoveSentenceMarkInput }) {
  assertCan(ctx, "environments.write");
  const data = parseInput(removeSentenceMarkInput, input);
  return runInTransaction(ctx, async (tx) => {
    const [row] = await tx
      .delete(sentenceMarks)
      .where(and(eq(sentenceMarks.id, data.id), eq(sentenceMarks.workspaceId, ctx.workspace.id)))
      .returning();
    if (!row) throw new AppError("not_found", "That mark does not exist (any more).");
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "sentence.unmark",
      targetType: "sentence_mark",
      targetId: row.id,
      details: { text: row.text, verdict: row.verdict },
    });
    return { id: row.id };
  });
}
