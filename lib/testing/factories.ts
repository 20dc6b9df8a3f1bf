import { randomBytes } from "node:crypto";
import { db } from "@/db/client";
import { grantMembership, upsertUser } from "@/lib/accounts/add-member";
import { createWorkspace } from "@/lib/accounts/create-workspace";
import type { Ctx } from "@/lib/auth/context";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/permissions/rules";

// Test factories: every row gets a unique suffix, so tests never share or truncate data (STYLE §9).

export const TEST_PASSWORD = "correct-horse-battery";
const CLI = { kind: "cli" } as const;
let passwordHash: Promise<string> | undefined;

export function uniqueSuffix(): string {
  return randomBytes(4).toString("hex");
}

export async function createTestWorkspace(name = "Test workspace") {
  return createWorkspace({ actor: CLI, input: { slug: `ws-${uniqueSuffix()}`, name } });
}

/** A user with a role in the workspace, and the Ctx a request of theirs would carry. */
export async function createTestMember(workspace: { id: string; slug: string; name: string }, role: Role) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = `${role}-${uniqueSuffix()}@test.studio`;
  const user = await upsertUser(db, { email, name: `Test ${role}`, passwordHash: await passwordHash });
  await grantMembership(db, CLI, { workspaceId: workspace.id, userId: user.id, role });
  const ctx: Ctx = {
    actor: { kind: "user", userId: user.id, email, name: user.name },
    workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name },
    role,
  };
  return { user, ctx, email };
}
