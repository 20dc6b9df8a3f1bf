import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, judges, providers } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { freezeCurrentVersion } from "./judge-versions";
import { type CreateJudgeInput, createJudgeInput } from "./schemas";

// Creates a judge for an environment and freezes its first version in the same transaction.

export async function resolveProviderIds(ctx: Ctx, names: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: providers.id, name: providers.name, archivedAt: providers.archivedAt })
    .from(providers)
    .where(and(eq(providers.workspaceId, ctx.workspace.id), inArray(providers.name, names)));
  return names.map((name) => {
    const row = rows.find((r) => r.name === name);
    if (!row)
      throw new AppError("invalid", `No provider named "${name}".`, {
        fieldErrors: { provider: [`No provider named "${name}".`] },
      });
    if (row.archivedAt) throw new AppError("invalid", `The provider "${name}" is archived.`);
    return row.id;
  });
}

export async function createJudge({
  ctx,
  environmentSlug,
  input,
}: {
  ctx: Ctx;
  environmentSlug: string;
  input: CreateJudgeInput;
}) {
  assertCan(ctx, "judges.write");
  const data = parseInput(createJudgeInput, input);
  const [environment] = await db
    .select({ id: environments.id })
    .from(environments)
    .where(and(eq(environments.workspaceId, ctx.workspace.id), eq(environments.slug, environmentSlug)));
  if (!environment) throw new AppError("not_found", "No such environment.");
  const [providerId, ...panelProviderIds] = await resolveProviderIds(ctx, [data.provider, ...data.panel]);
  if (new Set([providerId, ...panelProviderIds]).size !== 1 + panelProviderIds.length) {
    throw new AppError("invalid", "A panel names each provider once.");
  }
  return runInTransaction(ctx, async (tx) => {
    const [judge] = await tx
      .insert(judges)
      .values({
        workspaceId: ctx.workspace.id,
        environmentId: environment.id,
        name: data.name,
        providerId,
        panelProviderIds,
        criteriaKeys: data.criteria === "all" ? null : data.criteria,
        template: data.template,
        temperature: data.temperature,
        maxTokens: data.maxTokens,
        createdById: actorUserId(ctx.actor),
      })
      .onConflictDoNothing({ target: [judges.environmentId, judges.name] })
      .returning();
    if (!judge) {
      throw new AppError("conflict", `This environment already has a judge named "${data.name}".`, {
        fieldErrors: { name: ["This name is taken."] },
      });
    }
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "judge.create",
      targetType: "judge",
      targetId: judge.id,
      details: { name: judge.name, environment: environmentSlug, providers: [data.provider, ...data.panel] },
    });
    const version = await freezeCurrentVersion(tx, ctx, judge);
    return { id: judge.id, name: judge.name, version: version.version, versionId: version.id };
  });
}
