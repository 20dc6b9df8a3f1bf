import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { memberships, users, workspaces } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Actor } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/permissions/rules";

// The rows behind accounts: a workspace, a user, a membership, each with its audit row. The verbs
// (create-workspace.ts, add-member.ts, invites.ts) authorize and parse, then write through these;
// the demo seed, the CLI and the test factories (Vitest and Playwright) use them too. No
// `server-only` here: Playwright's process imports it, and it holds nothing a browser could use.

/** Inserts a workspace (refusing a taken slug); a user actor becomes its owner. Run it in a transaction. */
export async function insertWorkspace(
  executor: Executor,
  actor: Actor,
  data: { slug: string; name: string },
) {
  const [workspace] = await executor
    .insert(workspaces)
    .values(data)
    .onConflictDoNothing({ target: workspaces.slug })
    .returning();
  if (!workspace) throw new AppError("conflict", `A workspace with the slug "${data.slug}" already exists.`);
  if (actor.kind === "user") {
    await executor
      .insert(memberships)
      .values({ workspaceId: workspace.id, userId: actor.userId, role: "owner" });
  }
  await recordAudit(executor, actor, {
    workspaceId: workspace.id,
    action: "workspace.create",
    targetType: "workspace",
    targetId: workspace.id,
    details: data,
  });
  return workspace;
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
