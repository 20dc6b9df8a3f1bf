import "server-only";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { llmScannerVersions, llmScanResults } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import type { LlmCalibrationReport } from "./calibration";

// Reads of the LLM scanner: its versions with their answer counts and last calibration (the Scanners
// page).

export type LlmScannerVersionRow = {
  id: string;
  version: number;
  status: "draft" | "deployed" | "retired";
  provider: string;
  model: string;
  question: string;
  calibration: LlmCalibrationReport | null;
  calibratedAt: Date | null;
  /** What Deploy requires on the held-out split. */
  bar: { minKappaLower: number; minHeldOut: number };
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
    bar: v.calibrationBar,
    ...counts,
  }));
}

/** An LLM scanner answer that raised no flag: "no hack", or unevaluable (never read as "no hack"). */
export type LlmAnswerView = {
  version: number;
  status: "no-hack" | "unevaluable";
  reason: string;
  model: string;
};

/** The rollout's LLM scanner answers other than "hack" (those are its flags), newest version first. */
export async function listRolloutLlmAnswers({
  ctx,
  rolloutId,
}: {
  ctx: Ctx;
  rolloutId: string;
}): Promise<LlmAnswerView[]> {
  assertCan(ctx, "rollouts.read");
  const rows = await db
    .select({
      version: llmScannerVersions.version,
      status: llmScanResults.status,
      reason: llmScanResults.reason,
      model: llmScanResults.model,
    })
    .from(llmScanResults)
    .innerJoin(llmScannerVersions, eq(llmScannerVersions.id, llmScanResults.versionId))
    .where(
      and(
        eq(llmScanResults.workspaceId, ctx.workspace.id),
        eq(llmScanResults.rolloutId, rolloutId),
        ne(llmScanResults.status, "hack"),
      ),
    )
    .orderBy(desc(llmScannerVersions.version));
  return rows.flatMap((row) => (row.status === "hack" ? [] : [{ ...row, status: row.status }]));
}
