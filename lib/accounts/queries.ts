import "server-only";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { apiKeys, invites, memberships, users } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { assertCan } from "@/lib/auth/context";

export async function listMembers({ ctx }: { ctx: Ctx }) {
  assertCan(ctx, "members.manage");
  return db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: memberships.role,
      since: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, ctx.workspace.id))
    .orderBy(users.email);
}

export async function listOpenInvites({ ctx }: { ctx: Ctx }) {
  assertCan(ctx, "members.manage");
  return db
    .select({ id: invites.id, email: invites.email, role: invites.role, expiresAt: invites.expiresAt })
    .from(invites)
    .where(
      and(
        eq(invites.workspaceId, ctx.workspace.id),
        isNull(invites.acceptedAt),
        isNull(invites.revokedAt),
        gt(invites.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(invites.createdAt));
}

export async function listApiKeys({ ctx }: { ctx: Ctx }) {
  assertCan(ctx, "api-keys.manage");
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      role: apiKeys.role,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.workspaceId, ctx.workspace.id))
    .orderBy(desc(apiKeys.createdAt));
}
