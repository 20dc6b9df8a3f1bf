import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { memberships } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Ctx } from "@/lib/auth/context";
import { assertCan } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/permissions/rules";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { changeMemberRoleInput, removeMemberInput } from "./schemas";

async function lockMembers(tx: Tx, workspaceId: string) {
  // Lock the workspace's memberships so two owners can't demote each other at once.
  return tx.select().from(memberships).where(eq(memberships.workspaceId, workspaceId)).for("update");
}

function assertKeepsAnOwner(members: { userId: string; role: Role }[], userId: string, newRole: Role | null) {
  const owners = members.filter((m) => m.role === "owner" && m.userId !== userId);
  if (owners.length === 0 && newRole !== "owner") {
    throw new AppError("conflict", "A workspace needs at least one owner. Make someone else owner first.");
  }
}

export async function changeMemberRole({ ctx, input }: { ctx: Ctx; input: { userId: string; role: Role } }) {
  assertCan(ctx, "members.manage");
  const data = parseInput(changeMemberRoleInput, input);
  await runInTransaction(ctx, async (tx) => {
    const members = await lockMembers(tx, ctx.workspace.id);
    if (!members.some((m) => m.userId === data.userId)) throw new AppError("not_found", "No such member.");
    assertKeepsAnOwner(members, data.userId, data.role);
    await tx
      .update(memberships)
      .set({ role: data.role })
      .where(and(eq(memberships.workspaceId, ctx.workspace.id), eq(memberships.userId, data.userId)));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "member.role",
      targetType: "user",
      targetId: data.userId,
      details: { role: data.role },
    });
  });
}

export async function removeMember({ ctx, input }: { ctx: Ctx; input: { userId: string } }) {
  assertCan(ctx, "members.manage");
  const data = parseInput(removeMemberInput, input);
  await runInTransaction(ctx, async (tx) => {
    const members = await lockMembers(tx, ctx.workspace.id);
    if (!members.some((m) => m.userId === data.userId)) throw new AppError("not_found", "No such member.");
    assertKeepsAnOwner(members, data.userId, null);
    await tx
      .delete(memberships)
      .where(and(eq(memberships.workspaceId, ctx.workspace.id), eq(memberships.userId, data.userId)));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "member.remove",
      targetType: "user",
      targetId: data.userId,
    });
  });
}
