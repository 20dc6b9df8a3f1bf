import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { db } from "@/db/client";
import { apiKeys, workspaces } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Ctx } from "@/lib/auth/context";
import { assertCan } from "@/lib/auth/context";
import { createSecretToken, hashToken } from "@/lib/auth/tokens";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { type CreateApiKeyInput, createApiKeyInput } from "./schemas";

const KEY_PREFIX = "es_";
const LAST_USED_RESOLUTION_MS = 60_000;

/** Creates an API key acting with a role in the workspace. The key is returned once, never stored. */
export async function createApiKey({ ctx, input }: { ctx: Ctx; input: CreateApiKeyInput }) {
  assertCan(ctx, "api-keys.manage");
  const data = parseInput(createApiKeyInput, input);
  const key = `${KEY_PREFIX}${createSecretToken()}`;
  return runInTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        workspaceId: ctx.workspace.id,
        name: data.name,
        role: data.role,
        prefix: key.slice(0, 10),
        keyHash: hashToken(key),
        createdById: ctx.actor.kind === "user" ? ctx.actor.userId : null,
      })
      .returning({ id: apiKeys.id, name: apiKeys.name, role: apiKeys.role, prefix: apiKeys.prefix });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "api-key.create",
      targetType: "api-key",
      targetId: row.id,
      details: { name: data.name, role: data.role },
    });
    return { ...row, key };
  });
}

export async function revokeApiKey({ ctx, input }: { ctx: Ctx; input: { id: string } }) {
  assertCan(ctx, "api-keys.manage");
  await runInTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(apiKeys.id, input.id), eq(apiKeys.workspaceId, ctx.workspace.id), isNull(apiKeys.revokedAt)),
      )
      .returning({ id: apiKeys.id });
    if (!row) throw new AppError("not_found", "No such active API key.");
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "api-key.revoke",
      targetType: "api-key",
      targetId: row.id,
    });
  });
}

/** Resolves a bearer key to the workspace and role it acts with; null when unknown or revoked. */
export async function resolveApiKey(key: string): Promise<Ctx | null> {
  if (!key.startsWith(KEY_PREFIX)) return null;
  // One indexed select with a join, per request: the relational query builder (findFirst with
  // `with`) built a JSON-aggregating subquery and cost more CPU than the lookup itself.
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      role: apiKeys.role,
      lastUsedAt: apiKeys.lastUsedAt,
      workspace: { id: workspaces.id, slug: workspaces.slug, name: workspaces.name },
    })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(and(eq(apiKeys.keyHash, hashToken(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  // "Last used" is shown to the minute: a client sending many requests a second (a trainer streaming
  // a live run) writes it once a minute, not once a request.
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
          ),
        ),
      );
  return {
    actor: { kind: "api-key", apiKeyId: row.id, name: row.name },
    workspace: row.workspace,
    role: row.role,
  };
}
