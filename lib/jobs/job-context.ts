import "server-only";
import { db } from "@/db/client";
import type { JobActor } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";

// A job acts for whoever started it, as they are now: a member's current role, an unrevoked API
// key's role, or the command line's (owner). Null when they may no longer act in the workspace.

const CLI_ACTOR = { kind: "cli" } as const;

export async function rebuildJobContext(workspaceId: string, actor: JobActor): Promise<Ctx | null> {
  const workspace = await db.query.workspaces.findFirst({ where: (w, { eq }) => eq(w.id, workspaceId) });
  if (!workspace) return null;
  const ref = { id: workspace.id, slug: workspace.slug, name: workspace.name };
  if (actor.kind === "cli") return { actor: CLI_ACTOR, workspace: ref, role: "owner" };
  if (actor.kind === "user") {
    const membership = await db.query.memberships.findFirst({
      where: (m, { and, eq }) => and(eq(m.workspaceId, workspace.id), eq(m.userId, actor.userId)),
      with: { user: true },
    });
    if (!membership) return null;
    const { user } = membership;
    return {
      actor: { kind: "user", userId: user.id, email: user.email, name: user.name },
      workspace: ref,
      role: membership.role,
    };
  }
  const key = await db.query.apiKeys.findFirst({
    where: (k, { and, eq, isNull }) =>
      and(eq(k.id, actor.apiKeyId), eq(k.workspaceId, workspace.id), isNull(k.revokedAt)),
  });
  return key
    ? { actor: { kind: "api-key", apiKeyId: key.id, name: key.name }, workspace: ref, role: key.role }
    : null;
}
