import "server-only";
import { and, eq } from "drizzle-orm";
import { providers } from "@/db/schema/providers";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { toProviderSummary } from "./provider-summary";
import {
  type CreateProviderInput,
  createProviderInput,
  DEFAULT_BASE_URLS,
  type UpdateProviderInput,
  updateProviderInput,
} from "./schemas";
import { encryptSecret } from "./secret-box";

// Create, edit and archive providers (owners). The key is encrypted before it reaches the database,
// and audit rows name the provider, never the key.

const nameTaken = (name: string) =>
  new AppError("conflict", `A provider named "${name}" already exists in this workspace.`, {
    fieldErrors: { name: ["This name is taken."] },
  });

export async function createProvider({ ctx, input }: { ctx: Ctx; input: CreateProviderInput }) {
  assertCan(ctx, "providers.manage");
  const { apiKey, baseUrl, ...data } = parseInput(createProviderInput, input);
  return runInTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(providers)
      .values({
        ...data,
        baseUrl: baseUrl ?? DEFAULT_BASE_URLS[data.kind],
        apiKeyCiphertext: apiKey ? encryptSecret(apiKey) : null,
        workspaceId: ctx.workspace.id,
        createdById: actorUserId(ctx.actor),
      })
      .onConflictDoNothing({ target: [providers.workspaceId, providers.name] })
      .returning();
    if (!row) throw nameTaken(data.name);
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "provider.create",
      targetType: "provider",
      targetId: row.id,
      details: { name: row.name, kind: row.kind, model: row.model, hasApiKey: apiKey !== undefined },
    });
    return toProviderSummary(row);
  });
}

export async function updateProvider({ ctx, input }: { ctx: Ctx; input: UpdateProviderInput }) {
  assertCan(ctx, "providers.manage");
  const { id, apiKey, clearApiKey, ...data } = parseInput(updateProviderInput, input);
  return runInTransaction(ctx, async (tx) => {
    const keyChange = apiKey
      ? { apiKeyCiphertext: encryptSecret(apiKey) }
      : clearApiKey
        ? { apiKeyCiphertext: null }
        : {};
    const rows = await tx
      .update(providers)
      .set({ ...data, ...keyChange })
      .where(and(eq(providers.id, id), eq(providers.workspaceId, ctx.workspace.id)))
      .returning()
      .catch((error: { code?: string; cause?: { code?: string } }) => {
        if ((error.cause?.code ?? error.code) === "23505") throw nameTaken(data.name);
        throw error;
      });
    const [row] = rows;
    if (!row) throw new AppError("not_found", "No such provider.");
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "provider.update",
      targetType: "provider",
      targetId: row.id,
      details: { name: row.name, model: row.model, keyChanged: apiKey !== undefined || clearApiKey },
    });
    return toProviderSummary(row);
  });
}

export async function setProviderArchived({
  ctx,
  id,
  isArchived,
}: {
  ctx: Ctx;
  id: string;
  isArchived: boolean;
}) {
  assertCan(ctx, "providers.manage");
  return runInTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(providers)
      .set({ archivedAt: isArchived ? new Date() : null })
      .where(and(eq(providers.id, id), eq(providers.workspaceId, ctx.workspace.id)))
      .returning();
    if (!row) throw new AppError("not_found", "No such provider.");
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: isArchived ? "provider.archive" : "provider.unarchive",
      targetType: "provider",
      targetId: row.id,
      details: { name: row.name },
    });
    return toProviderSummary(row);
  });
}
