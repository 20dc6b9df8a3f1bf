import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { invites } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Ctx } from "@/lib/auth/context";
import { assertCan } from "@/lib/auth/context";
import { hashPassword } from "@/lib/auth/password";
import { createSecretToken, hashToken } from "@/lib/auth/tokens";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { grantMembership, upsertUser } from "./account-rows";
import {
  type AcceptInviteInput,
  acceptInviteInput,
  type CreateInviteInput,
  createInviteInput,
} from "./schemas";

const INVITE_DAYS = 7;

/** Creates an invite link (returned once) for an email and role. */
export async function createInvite({ ctx, input }: { ctx: Ctx; input: CreateInviteInput }) {
  assertCan(ctx, "members.manage");
  const data = parseInput(createInviteInput, input);
  const token = createSecretToken();
  return runInTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(invites)
      .values({
        workspaceId: ctx.workspace.id,
        email: data.email,
        role: data.role,
        tokenHash: hashToken(token),
        createdById: ctx.actor.kind === "user" ? ctx.actor.userId : null,
        expiresAt: new Date(Date.now() + INVITE_DAYS * 86_400_000),
      })
      .returning({ id: invites.id });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "invite.create",
      targetType: "invite",
      targetId: row.id,
      details: data,
    });
    return { id: row.id, path: `/invite/${token}` };
  });
}

export async function revokeInvite({ ctx, input }: { ctx: Ctx; input: { id: string } }) {
  assertCan(ctx, "members.manage");
  await runInTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(invites)
      .set({ revokedAt: new Date() })
      .where(and(eq(invites.id, input.id), eq(invites.workspaceId, ctx.workspace.id)))
      .returning({ id: invites.id });
    if (!row) throw new AppError("not_found", "No such invite.");
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "invite.revoke",
      targetType: "invite",
      targetId: row.id,
    });
  });
}

export async function findOpenInvite(token: string) {
  const invite = await db.query.invites.findFirst({
    where: and(
      eq(invites.tokenHash, hashToken(token)),
      isNull(invites.acceptedAt),
      isNull(invites.revokedAt),
      gt(invites.expiresAt, new Date()),
    ),
    with: { workspace: true },
  });
  return invite ?? null;
}

/** Accepts an invite: creates the account (or reuses it) and joins the workspace with the invited role. */
export async function acceptInvite({ input }: { input: AcceptInviteInput }) {
  const data = parseInput(acceptInviteInput, input);
  const invite = await findOpenInvite(data.token);
  if (!invite) throw new AppError("not_found", "This invite link is invalid, used or expired.");
  const passwordHash = await hashPassword(data.password);
  // No ctx: the person accepting has no account or session yet.
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(invites)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invites.id, invite.id), isNull(invites.acceptedAt)))
      .returning({ id: invites.id });
    if (!claimed) throw new AppError("conflict", "This invite was already used.");
    const user = await upsertUser(tx, { email: invite.email, name: data.name, passwordHash });
    const actor = { kind: "user" as const, userId: user.id, email: user.email, name: user.name };
    await grantMembership(tx, actor, { workspaceId: invite.workspaceId, userId: user.id, role: invite.role });
    return { user, workspaceId: invite.workspaceId };
  });
}
