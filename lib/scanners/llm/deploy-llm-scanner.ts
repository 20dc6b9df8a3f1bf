import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { llmScannerVersions } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { recordLlmCalibration } from "./llm-calibration-queries";
import { getLlmScannerVersion } from "./llm-versions";
import { type LlmScannerBarInput, llmScannerBarInput } from "./schemas";

// The LLM scanner's calibration gate: a version scans new rollouts on its own only once its held-out
// agreement with reviewers' final labels clears its bar. Deploying retires the previous deployed one.

export async function deployLlmScanner({ ctx, versionId }: { ctx: Ctx; versionId: string }) {
  assertCan(ctx, "scanners.manage");
  const version = await getLlmScannerVersion(db, ctx, versionId);
  if (version.status === "deployed") throw new AppError("conflict", "This version is already deployed.");
  const report = await recordLlmCalibration(version);
  if (!report.isPassed)
    throw new AppError("conflict", `This version has not passed calibration: ${report.reasons.join(" ")}`);
  return runInTransaction(ctx, async (tx) => {
    await tx
      .update(llmScannerVersions)
      .set({ status: "retired" })
      .where(
        and(eq(llmScannerVersions.workspaceId, ctx.workspace.id), eq(llmScannerVersions.status, "deployed")),
      );
    const [row] = await tx
      .update(llmScannerVersions)
      .set({ status: "deployed", deployedAt: new Date(), deployedById: actorUserId(ctx.actor) })
      .where(eq(llmScannerVersions.id, version.id))
      .returning({ id: llmScannerVersions.id, version: llmScannerVersions.version });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "llm-scanner.deploy",
      targetType: "llm-scanner-version",
      targetId: row.id,
      details: {
        version: row.version,
        heldOutKappaLower: report.heldOut.kappa.lower,
        heldOutRollouts: report.heldOut.rollouts,
      },
    });
    return { id: row.id, version: row.version, report };
  });
}

/** Owners set the bar a version must clear (held-out kappa lower bound and held-out rollouts). */
export async function setLlmScannerBar({ ctx, input }: { ctx: Ctx; input: LlmScannerBarInput }) {
  assertCan(ctx, "scanners.manage");
  const data = parseInput(llmScannerBarInput, input);
  const version = await getLlmScannerVersion(db, ctx, data.versionId);
  const bar = { minKappaLower: data.minKappaLower, minHeldOut: data.minHeldOut };
  return runInTransaction(ctx, async (tx) => {
    await tx
      .update(llmScannerVersions)
      .set({ calibrationBar: bar })
      .where(eq(llmScannerVersions.id, version.id));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "llm-scanner.set-bar",
      targetType: "llm-scanner-version",
      targetId: version.id,
      details: { before: version.calibrationBar, after: bar },
    });
    return bar;
  });
}
