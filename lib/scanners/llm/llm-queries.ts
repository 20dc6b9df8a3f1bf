import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { llmScannerVersions, llmScanResults } from "@/db/schema";
import type { EvidenceQuote } from "@/db/schema/judges";
import { assertCan, type Ctx } from "@/lib/auth/context";
import type { LlmScanStatus } from "@/lib/values/scanner-values";
import type { LlmCalibrationReport } from "./calibration";

// Reads of the LLM scanner: its versions with their answer counts and last calibration (the Scanners
// page), and a rollout's answers (the transcript viewer and the API).

export type LlmScannerVersionRow = {
  id: string;
  version: number;
  status: "draft" | "deployed" | "retired";
  provider: string;
  model: string;
  question: string;
  calibration: LlmCalibrationReport | null;
  calibratedAt: Date | null;
  answered: number;
  hacks: number;
  unevaluable: number;
  costUsd: number;
};

export async function listLlmScannerOverview({ ctx }: { ctx: Ctx }): Promise<LlmScannerVersionRow[]> {
  assertCan(ctx, "scanners.read");
  const rows = await db
    .select({
      version: llmScannerVersions,
      answered: sql<number>`(select count(*)::int from llm_scan_results r where r.version_id = llm_scanner_versions.id)`,
      hacks: sql<number>`(select count(*)::int from llm_scan_results r where r.version_id = llm_scanner_versions.id and r.status = 'hack')`,
      unevaluable: sql<number>`(select count(*)::int from llm_scan_results r where r.version_id = llm_scanner_versions.id and r.status = 'unevaluable')`,
      costUsd: sql<number>`(select coalesce(sum(r.cost_usd), 0)::float8 from llm_scan_results r where r.version_id = llm_scanner_versions.id)`,
    })
    .from(llmScannerVersions)
    .where(eq(llmScannerVersions.workspaceId, ctx.workspace.id))
    .orderBy(desc(llmScannerVersions.version));
  return rows.map(({ version: v, ...counts }) => ({
    id: v.id,
    version: v.version,
    status: v.status,
    provider: v.snapshot.provider.name,
    model: v.snapshot.provider.model,
    question: v.snapshot.question,
    calibration: v.calibration as unknown as LlmCalibrationReport | null,
    calibratedAt: v.calibratedAt,
    ...counts,
  }));
}

export type LlmAnswer = {
  version: number;
  status: LlmScanStatus;
  reason: string;
  evidence: EvidenceQuote[];
  hints: number;
  model: string;
  inputTokens: number;
  outputTokens: number;
  createdAt: Date;
};

/** Every version's answer about one rollout, newest version first. */
export async function listRolloutLlmAnswers({
  ctx,
  rolloutId,
}: {
  ctx: Ctx;
  rolloutId: string;
}): Promise<LlmAnswer[]> {
  assertCan(ctx, "scanners.read");
  return db
    .select({
      version: llmScannerVersions.version,
      status: llmScanResults.status,
      reason: llmScanResults.reason,
      evidence: llmScanResults.evidence,
      hints: llmScanResults.hints,
      model: llmScanResults.model,
      inputTokens: llmScanResults.inputTokens,
      outputTokens: llmScanResults.outputTokens,
      createdAt: llmScanResults.createdAt,
    })
    .from(llmScanResults)
    .innerJoin(llmScannerVersions, eq(llmScannerVersions.id, llmScanResults.versionId))
    .where(and(eq(llmScanResults.rolloutId, rolloutId), eq(llmScanResults.workspaceId, ctx.workspace.id)))
    .orderBy(desc(llmScannerVersions.version), asc(llmScanResults.createdAt));
}
