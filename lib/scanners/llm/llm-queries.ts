import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { llmScannerVersions } from "@/db/schema";
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
