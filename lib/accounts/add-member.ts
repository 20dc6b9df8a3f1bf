import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { assertCan } from "@/lib/auth/context";
import { hashPassword } from "@/lib/auth/password";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { grantMembership, upsertUser } from "./account-rows";
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
