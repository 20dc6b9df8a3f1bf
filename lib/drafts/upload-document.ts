import "server-only";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { environmentDocuments } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { runInTransaction } from "@/lib/transaction";
import { extractDocumentText } from "./extract-text";

/** Adds a source document to an environment (the same bytes twice are one document). */
export async function uploadDocument({
  ctx,
  environmentSlug,
  file,
}: {
  ctx: Ctx;
  environmentSlug: string;
  file: { name: string; mediaType: string; data: Uint8Array };
}) {
  assertCan(ctx, "environments.write");
  const name = file.name
    .trim()
    .replace(/[\\/\0]/g, "_")
    .slice(0, 200);
  if (!name) throw new AppError("invalid", "The document needs a file name.");
  const extracted = await extractDocumentText({ name, mediaType: file.mediaType, data: file.data });
  const sha256 = createHash("sha256").update(file.data).digest("hex");
  return runInTransaction(ctx, async (tx) => {
    const environment = await findEnvironmentBySlug(tx, ctx, environmentSlug);
    const [existing] = await tx
      .select({ id: environmentDocuments.id })
      .from(environmentDocuments)
      .where(
        and(eq(environmentDocuments.environmentId, environment.id), eq(environmentDocuments.sha256, sha256)),
      );
    if (existing) return { id: existing.id, name, isNew: false };
    const [row] = await tx
      .insert(environmentDocuments)
      .values({
        workspaceId: ctx.workspace.id,
        environmentId: environment.id,
        name,
        mediaType: extracted.mediaType,
        size: file.data.length,
        sha256,
        text: extracted.text,
        pageStarts: extracted.pageStarts,
        data: Buffer.from(file.data),
        createdById: actorUserId(ctx.actor),
      })
      .returning({ id: environmentDocuments.id });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "document.upload",
      targetType: "environment",
      targetId: environment.id,
      details: { document: row.id, name, size: file.data.length, pages: extracted.pageStarts.length },
    });
    return { id: row.id, name, isNew: true };
  });
}
