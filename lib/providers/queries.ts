import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { type Provider, providers } from "@/db/schema/providers";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { toProviderSummary } from "./provider-summary";
import { decryptSecret } from "./secret-box";
import type { ProviderConfig } from "./types";

// Reads of providers. Summaries never carry the key; only toProviderConfig decrypts it, for a call.

export async function listProviders({
  ctx,
  includeArchived = false,
}: {
  ctx: Ctx;
  includeArchived?: boolean;
}) {
  assertCan(ctx, "providers.read");
  const rows = await db
    .select()
    .from(providers)
    .where(
      and(
        eq(providers.workspaceId, ctx.workspace.id),
        includeArchived ? undefined : isNull(providers.archivedAt),
      ),
    )
    .orderBy(asc(providers.name));
  return rows.map(toProviderSummary);
}

async function findProvider(ctx: Ctx, where: { id: string } | { name: string }): Promise<Provider> {
  if ("id" in where && !z.uuid().safeParse(where.id).success)
    throw new AppError("not_found", "No such provider.");
  const [row] = await db
    .select()
    .from(providers)
    .where(
      and(
        eq(providers.workspaceId, ctx.workspace.id),
        "id" in where ? eq(providers.id, where.id) : eq(providers.name, where.name),
      ),
    );
  if (!row) {
    const what = "id" in where ? "" : ` named "${where.name}"`;
    throw new AppError("not_found", `No provider${what} in this workspace.`);
  }
  return row;
}

export async function getProvider({ ctx, id }: { ctx: Ctx; id: string }) {
  assertCan(ctx, "providers.read");
  return toProviderSummary(await findProvider(ctx, { id }));
}

/** A provider by its name (the API names providers so); archived ones are refused. */
export async function getProviderByName({ ctx, name }: { ctx: Ctx; name: string }) {
  assertCan(ctx, "providers.read");
  const row = await findProvider(ctx, { name });
  if (row.archivedAt) throw new AppError("conflict", `The provider "${name}" is archived.`);
  return toProviderSummary(row);
}

export function toProviderConfig(row: Provider): ProviderConfig {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    baseUrl: row.baseUrl,
    model: row.model,
    apiKey: row.apiKeyCiphertext ? decryptSecret(row.apiKeyCiphertext) : null,
    timeoutSeconds: row.timeoutSeconds,
    concurrency: row.concurrency,
    requestsPerMinute: row.requestsPerMinute,
    inputPricePerMillion: row.inputPricePerMillion,
    outputPricePerMillion: row.outputPricePerMillion,
  };
}

/**
 * The provider ready to call, key decrypted. For server code about to call it (judging, scanning,
 * "Test connection"); never send the result to a client or a log.
 */
export async function getProviderConfig({ ctx, id }: { ctx: Ctx; id: string }): Promise<ProviderConfig> {
  assertCan(ctx, "providers.read");
  return toProviderConfig(await findProvider(ctx, { id }));
}
