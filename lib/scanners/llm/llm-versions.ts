import "server-only";
import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db, type Executor } from "@/db/client";
import { type LlmScannerSnapshot, type LlmScannerVersion, llmScannerVersions } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { getProviderByName } from "@/lib/providers/queries";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { DEFAULT_SCANNER_QUESTION } from "./llm-prompt";
import { type ConfigureLlmScannerInput, configureLlmScannerInput } from "./schemas";

// LLM scanner versions are made, never edited: configuring the scanner (provider, question,
// sampling) finds the version with the same fingerprint, or freezes the next one as a draft. A draft
// becomes the one that runs on its own only through the calibration gate (deploy-llm-scanner.ts).

export function fingerprintOf(snapshot: LlmScannerSnapshot): string {
  const { provider, ...rest } = snapshot;
  const canonical = JSON.stringify({
    provider: { kind: provider.kind, model: provider.model, baseUrl: provider.baseUrl, id: provider.id },
    question: rest.question,
    temperature: rest.temperature,
    maxTokens: rest.maxTokens,
  });
  return createHash("sha256").update(canonical).digest("hex");
}

export async function configureLlmScanner({ ctx, input }: { ctx: Ctx; input: ConfigureLlmScannerInput }) {
  assertCan(ctx, "scanners.manage");
  const data = parseInput(configureLlmScannerInput, input);
  const provider = await getProviderByName({ ctx, name: data.provider });
  const snapshot: LlmScannerSnapshot = {
    provider: {
      id: provider.id,
      name: provider.name,
      kind: provider.kind,
      model: provider.model,
      baseUrl: provider.baseUrl,
    },
    question: data.question.trim() || DEFAULT_SCANNER_QUESTION,
    temperature: data.temperature,
    maxTokens: data.maxTokens,
  };
  const fingerprint = fingerprintOf(snapshot);
  return runInTransaction(ctx, async (tx) => {
    // Serializes version numbering per workspace.
    await tx.execute(sql`select id from workspaces where id = ${ctx.workspace.id} for update`);
    const [existing] = await tx
      .select()
      .from(llmScannerVersions)
      .where(
        and(
          eq(llmScannerVersions.workspaceId, ctx.workspace.id),
          eq(llmScannerVersions.fingerprint, fingerprint),
        ),
      );
    if (existing) return { version: existing, isNew: false };
    const [latest] = await tx
      .select({ version: llmScannerVersions.version })
      .from(llmScannerVersions)
      .where(eq(llmScannerVersions.workspaceId, ctx.workspace.id))
      .orderBy(desc(llmScannerVersions.version))
      .limit(1);
    const [row] = await tx
      .insert(llmScannerVersions)
      .values({
        workspaceId: ctx.workspace.id,
        version: (latest?.version ?? 0) + 1,
        fingerprint,
        providerId: provider.id,
        snapshot,
        createdById: actorUserId(ctx.actor),
      })
      .returning();
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "llm-scanner.version.create",
      targetType: "llm-scanner-version",
      targetId: row.id,
      details: { version: row.version, provider: provider.name, model: provider.model, fingerprint },
    });
    return { version: row, isNew: true };
  });
}

export async function getLlmScannerVersion(
  executor: Executor,
  ctx: Ctx,
  versionId: string,
): Promise<LlmScannerVersion> {
  if (!z.uuid().safeParse(versionId).success) throw new AppError("not_found", "No such LLM scanner version.");
  const [row] = await executor
    .select()
    .from(llmScannerVersions)
    .where(and(eq(llmScannerVersions.id, versionId), eq(llmScannerVersions.workspaceId, ctx.workspace.id)));
  if (!row) throw new AppError("not_found", "No such LLM scanner version.");
  return row;
}

/** The deployed version of the workspace, if any. */
export async function findDeployedLlmScanner(workspaceId: string): Promise<LlmScannerVersion | null> {
  const [row] = await db
    .select()
    .from(llmScannerVersions)
    .where(and(eq(llmScannerVersions.workspaceId, workspaceId), eq(llmScannerVersions.status, "deployed")));
  return row ?? null;
}

/** The newest version of the workspace, if any. */
export async function findLatestLlmScanner(workspaceId: string): Promise<LlmScannerVersion | null> {
  const [row] = await db
    .select()
    .from(llmScannerVersions)
    .where(eq(llmScannerVersions.workspaceId, workspaceId))
    .orderBy(desc(llmScannerVersions.version))
    .limit(1);
  return row ?? null;
}

export async function listLlmScannerVersions({ ctx }: { ctx: Ctx }): Promise<LlmScannerVersion[]> {
  assertCan(ctx, "scanners.read");
  return db
    .select()
    .from(llmScannerVersions)
    .where(eq(llmScannerVersions.workspaceId, ctx.workspace.id))
    .orderBy(desc(llmScannerVersions.version));
}
