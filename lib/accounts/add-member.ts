import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Actor, Ctx } from "@/lib/auth/context";
import { assertCan } from "@/lib/auth/context";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/permissions/rules";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { type AddMemberInput, addMemberInput } from "./schemas";

/**
 * Creates the account if the email is new (with the given password), then gives it `role` in the
 * workspace. An existing account keeps its password and gets the membership (or the new role).
 */
export async function addMember({ ctx, input }: { ctx: Ctx; input: AddMemberInput }) {
  assertCan(ctx, "members.manage");
  const data = parseInput(addMemberInput, input);
  const passwordHash = await hashPassword(data.password);
  return runInTransaction(ctx, async (tx) => {
    const user = await upsertUser(tx, { email: data.email, name: data.name, passwordHash });
    await grantMembership(tx, ctx.actor, { workspaceId: ctx.workspace.id, userId: user.id, role: data.role });
    return user;
  });
}

export async function upsertUser(
  executor: Executor,
  account: { email: string; name: string; passwordHash: string },
) {
  const [created] = await executor.insert(users).values(account).onConflictDoNothing().returning();
  if (created) return created;
  const existing = await executor.query.users.findFirst({ where: (u, { eq }) => eq(u.email, account.email) });
  if (!existing) throw new Error(`User ${account.email} vanished during upsert`);
  return existing;
}

export async function grantMembership(
  executor: Executor,
  actor: Actor,
  membership: { workspaceId: string; userId: string; role: Role },
) {
  await executor
    .insert(memberships)
    .values(membership)
    .onConflictDoUpdate({
      target: [memberships.workspaceId, memberships.userId],
      set: { role: membership.role, updatedAt: sql`now()` },
    });
  await recordAudit(executor, actor, {
    workspaceId: membership.workspaceId,
    action: "member.grant",
    targetType: "user",
    targetId: membership.userId,
    details: { role: membership.role },
  });
}
