import "server-only";
import type { Executor } from "@/db/client";
import { db } from "@/db/client";
import { memberships, workspaces } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Actor, Ctx } from "@/lib/auth/context";
import { assertCan } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { type CreateWorkspaceInput, createWorkspaceInput } from "./schemas";

/** Creates a workspace; a signed-in creator becomes its owner. From the UI only owners may create. */
export async function createWorkspace({
  actor,
  ctx,
  input,
}: {
  actor: Actor;
  ctx?: Ctx;
  input: CreateWorkspaceInput;
}) {
  if (ctx) assertCan(ctx, "workspace.manage");
  const data = parseInput(createWorkspaceInput, input);
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .insert(workspaces)
      .values(data)
      .onConflictDoNothing({ target: workspaces.slug })
      .returning();
    if (!workspace)
      throw new AppError("conflict", `A workspace with the slug "${data.slug}" already exists.`);
    if (actor.kind === "user") {
      await tx.insert(memberships).values({ workspaceId: workspace.id, userId: actor.userId, role: "owner" });
    }
    await recordAudit(tx, actor, {
      workspaceId: workspace.id,
      action: "workspace.create",
      targetType: "workspace",
      targetId: workspace.id,
      details: data,
    });
    return workspace;
  });
}

export async function findWorkspaceBySlug(executor: Executor, slug: string) {
  return (await executor.query.workspaces.findFirst({ where: (w, { eq }) => eq(w.slug, slug) })) ?? null;
}
