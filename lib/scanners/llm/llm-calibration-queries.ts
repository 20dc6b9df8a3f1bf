import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { type LlmScannerVersion, llmScannerVersions } from "@/db/schema";
import { buildFinalLabelsCte } from "@/lib/labels/final-labels";
import type { LabelVerdict } from "@/lib/values/review-values";
import type { LlmScanStatus } from "@/lib/values/scanner-values";
import { buildLlmCalibrationReport, type LlmCalibrationReport } from "./calibration";

// The LLM scanner's calibration set: every rollout of the workspace whose final label says whether
// it is a reward hack, with the version's answer if it gave one.

const DECIDING = ["reward-hack", "genuine-success", "genuine-failure", "grader-false-negative"];

async function loadItems(version: LlmScannerVersion) {
  const rows = await db.execute<{ rollout_id: string; verdict: LabelVerdict; answer: LlmScanStatus | null }>(
    sql`${buildFinalLabelsCte(version.workspaceId)}
    select f.rollout_id, f.verdict, r.status::text as answer from final f
    left join llm_scan_results r on r.rollout_id = f.rollout_id and r.version_id = ${version.id}
    where f.verdict in (${sql.join(
      DECIDING.map((v) => sql`${v}`),
      sql`, `,
    )})`,
  );
  return rows.map((r) => ({ rolloutId: r.rollout_id, verdict: r.verdict, answer: r.answer }));
}

/** Labelled rollouts this version hasn't answered yet (what calibrating runs it on). */
export async function listUnansweredLabelledRollouts(version: LlmScannerVersion): Promise<string[]> {
  return (await loadItems(version)).filter((i) => i.answer === null).map((i) => i.rolloutId);
}

export async function computeLlmCalibration(version: LlmScannerVersion): Promise<LlmCalibrationReport> {
  return buildLlmCalibrationReport(await loadItems(version), version.calibrationBar);
}

/** Computes the report and stores it on the version. */
export async function recordLlmCalibration(version: LlmScannerVersion): Promise<LlmCalibrationReport> {
  const report = await computeLlmCalibration(version);
  await db
    .update(llmScannerVersions)
    .set({
      calibration: report as unknown as Record<string, unknown>,
      isCalibrationPassed: report.isPassed,
      calibratedAt: new Date(),
    })
    .where(eq(llmScannerVersions.id, version.id));
  return report;
}
