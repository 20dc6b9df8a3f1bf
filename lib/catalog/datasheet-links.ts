import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { datasheetLinks, environments, environmentVersions } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { createSecretToken, hashToken } from "@/lib/auth/tokens";
import { AppError } from "@/lib/errors";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { runInTransaction } from "@/lib/transaction";

// Public datasheet links: an owner shares a published environment's datasheet with anyone holding
// the link, without sign-in. Only the token's hash is stored, so the link is shown once.

export const PUBLIC_DATASHEET_PATH = "/public/datasheets";

export async function createDatasheetLink({
  ctx,
  slug,
}: {
  ctx: Ctx;
  slug: string;
}): Promise<{ id: string; path: string }> {
  assertCan(ctx, "datasheets.share");
  return runInTransaction(ctx, async (tx) => {
    const environment = await findEnvironmentBySlug(tx, ctx, slug);
    const [published] = await tx
      .select({ id: environmentVersions.id })
      .from(environmentVersions)
      .where(
        and(eq(environmentVersions.environmentId, environment.id), isNull(environmentVersions.retiredAt)),
      )
      .orderBy(desc(environmentVersions.publishedAt))
      .limit(1);
    if (!published || environment.status === "retired" || environment.archivedAt) {
      throw new AppError("conflict", "Publish the environment before sharing its datasheet.");
    }
    const token = createSecretToken();
    const [link] = await tx
      .insert(datasheetLinks)
      .values({
        workspaceId: ctx.workspace.id,
        environmentId: environment.id,
        tokenHash: hashToken(token),
        createdById: actorUserId(ctx.actor),
      })
      .returning({ id: datasheetLinks.id });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "datasheet.share",
      targetType: "environment",
      targetId: environment.id,
      details: { slug, link: link.id },
    });
    return { id: link.id, path: `${PUBLIC_DATASHEET_PATH}/${token}` };
  });
}

export async function revokeDatasheetLink({ ctx, slug, linkId }: { ctx: Ctx; slug: string; linkId: string }) {
  assertCan(ctx, "datasheets.share");
  return runInTransaction(ctx, async (tx) => {
    const environment = await findEnvironmentBySlug(tx, ctx, slug);
    const revoked = await tx
      .update(datasheetLinks)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(datasheetLinks.id, linkId),
          eq(datasheetLinks.environmentId, environment.id),
          isNull(datasheetLinks.revokedAt),
        ),
      )
      .returning({ id: datasheetLinks.id });
    if (revoked.length === 0) throw new AppError("not_found", "No active link with that id.");
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "datasheet.revoke",
      targetType: "environment",
      targetId: environment.id,
      details: { slug, link: linkId },
    });
    return { id: linkId };
  });
}

export async function listDatasheetLinks({ ctx, slug }: { ctx: Ctx; slug: string }) {
  assertCan(ctx, "datasheets.share");
  const environment = await findEnvironmentBySlug(db, ctx, slug);
  const rows = await db
    .select({
      id: datasheetLinks.id,
      createdAt: datasheetLinks.createdAt,
      revokedAt: datasheetLinks.revokedAt,
    })
    .from(datasheetLinks)
    .innerJoin(environments, eq(environments.id, datasheetLinks.environmentId))
    .where(
      and(eq(datasheetLinks.environmentId, environment.id), eq(environments.workspaceId, ctx.workspace.id)),
    )
    .orderBy(desc(datasheetLinks.createdAt));
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    isActive: r.revokedAt === null,
  }));
}
