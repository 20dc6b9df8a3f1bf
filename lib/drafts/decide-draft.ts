import "server-only";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { environments, type TaskDraft, taskDrafts, taskOrigins } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { insertTask } from "@/lib/tasks/create-task";
import { taskContent } from "@/lib/tasks/schemas";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { type AcceptDraftInput, acceptDraftInput, discardDraftInput } from "./schemas";

// An author decides on each draft: accept (a draft task in the environment, with the draft's
// citations, prompts and answers kept as its origin) or discard. Nothing is published unreviewed.

const ORIGIN_KIND = { grounded: "document", flaw: "flaw", variant: "variant" } as const;

async function findProposedDraft(tx: Executor, ctx: Ctx, draftId: string): Promise<TaskDraft> {
  const [draft] = await tx
    .select()
    .from(taskDrafts)
    .where(and(eq(taskDrafts.workspaceId, ctx.workspace.id), eq(taskDrafts.id, draftId)))
    .for("update");
  if (!draft) throw new AppError("not_found", "Draft not found.");
  if (draft.status !== "proposed") throw new AppError("conflict", `This draft was already ${draft.status}.`);
  return draft;
}

export async function acceptDraft({ ctx, input }: { ctx: Ctx; input: AcceptDraftInput }) {
  assertCan(ctx, "environments.write");
  const data = parseInput(acceptDraftInput, input);
  return runInTransaction(ctx, async (tx) => {
    const draft = await findProposedDraft(tx, ctx, data.draftId);
    const [environment] = await tx
      .select()
      .from(environments)
      .where(eq(environments.id, draft.environmentId));
    const content = taskContent.parse(draft.content);
    const task = await insertTask(tx, {
      ctx,
      environment,
      key: data.key,
      content,
      message: `Accepted from a ${draft.kind} draft`,
    });
    const citations = draft.citations.length
      ? `\n\nKey facts and their sources:\n${draft.citations.map((c) => `- ${c.fact} — "${c.quote}" (${c.documentName}${c.page ? `, p. ${c.page}` : ""})`).join("\n")}`
      : "";
    await tx.insert(taskOrigins).values({
      workspaceId: ctx.workspace.id,
      taskId: task.id,
      kind: ORIGIN_KIND[draft.kind],
      sourceTaskId: draft.sourceTaskId,
      reason: `${draft.reason}${citations}`,
      details: {
        citations: draft.citations,
        dropped: draft.dropped,
        generation: draft.exchanges,
        draftId: draft.id,
        documentId: draft.documentId,
      },
      createdById: actorUserId(ctx.actor),
    });
    await tx
      .update(taskDrafts)
      .set({ status: "accepted", acceptedTaskId: task.id })
      .where(eq(taskDrafts.id, draft.id));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "draft.accept",
      targetType: "task",
      targetId: task.id,
      details: { draft: draft.id, kind: draft.kind },
    });
    return { ...task, environment: environment.slug };
  });
}

export async function discardDraft({ ctx, input }: { ctx: Ctx; input: { draftId: string } }) {
  assertCan(ctx, "environments.write");
  const { draftId } = parseInput(discardDraftInput, input);
  return runInTransaction(ctx, async (tx) => {
    const draft = await findProposedDraft(tx, ctx, draftId);
    await tx.update(taskDrafts).set({ status: "discarded" }).where(eq(taskDrafts.id, draft.id));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "draft.discard",
      targetType: "environment",
      targetId: draft.environmentId,
      details: { draft: draft.id, kind: draft.kind },
    });
    return { id: draft.id };
  });
}
