import { db } from "@/db/client";
import { grantMembership, upsertUser } from "@/lib/accounts/add-member";
import { createWorkspace, findWorkspaceBySlug } from "@/lib/accounts/create-workspace";
import { hashPassword } from "@/lib/auth/password";
import { DEMO_PASSWORD, DEMO_USERS, DEMO_WORKSPACE } from "./demo-accounts";

const SEED_ACTOR = { kind: "cli" } as const;

/** Seeds the demo workspace on first start; returns false when it already exists. */
export async function seedDemo(): Promise<boolean> {
  if (await findWorkspaceBySlug(db, DEMO_WORKSPACE.slug)) return false;
  const workspace = await createWorkspace({ actor: SEED_ACTOR, input: DEMO_WORKSPACE });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const user of DEMO_USERS) {
      const row = await upsertUser(tx, { email: user.email, name: user.name, passwordHash });
      await grantMembership(tx, SEED_ACTOR, { workspaceId: workspace.id, userId: row.id, role: user.role });
    }
  });
  return true;
}
