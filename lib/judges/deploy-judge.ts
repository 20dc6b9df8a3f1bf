import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { judges, judgeVersions } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { actorUserId, assertCan, type Ctx } from "@/lib/auth/context";
import { prepareCorpusReplay, requestJudgeChangeReplays } from "@/lib/corpus-replay/corpus-replay-job";
import { AppError } from "@/lib/errors";
import { runInTransaction } from "@/lib/transaction";
import { parseInput } from "@/lib/validation";
import { getCalibrationReport } from "./calibration-queries";
import { findJudge, getJudgeVersion } from "./judge-versions";
import { type CalibrationBarInput, calibrationBarInput } from "./schemas";

// The calibration gate: a version goes live for its environment only when its held-out agreement with
// the experts clears the judge's bar. Deploying retires the environment's previous deployed version.
// The report the decision rests on is stored with the version. A deployment is a new grader version:
// it queues a replay of the reward-hack corpus (lib/corpus-replay).

export async function deployJudgeVersion({ ctx, versionId }: { ctx: Ctx; versionId: string }) {
  assertCan(ctx, "judges.write");
  const version = await getJudgeVersion({ ctx, versionId });
  if (version.status === "deployed") throw new AppError("conflict", "This version is already deployed.");
  const report = await getCalibrationReport({ ctx, version });
  const calibration = report as unknown as Record<string, unknown>;
  if (!report.isPassed) {
    await db
      .update(judgeVersions)
      .set({ calibration, isCalibrationPassed: false, calibratedAt: new Date() })
      .where(eq(judgeVersions.id, version.id));
    throw new AppError("conflict", `This version has not passed calibration: ${report.reasons.join(" ")}`);
  }
  await prepareCorpusReplay();
  return runInTransaction(ctx, async (tx) => {
    const [before] = await tx
      .select({ id: judgeVersions.id })
      .from(judgeVersions)
      .where(
        and(eq(judgeVersions.environmentId, version.environmentId), eq(judgeVersions.status, "deployed")),
      );
    await tx
      .update(judgeVersions)
      .set({ status: "retired" })
      .where(
        and(eq(judgeVersions.environmentId, version.environmentId), eq(judgeVersions.status, "deployed")),
      );
    const [row] = await tx
      .update(judgeVersions)
      .set({
        status: "deployed",
        calibration,
        isCalibrationPassed: true,
        calibratedAt: new Date(),
        deployedAt: new Date(),
        deployedById: actorUserId(ctx.actor),
      })
      .where(eq(judgeVersions.id, version.id))
      .returning({ id: judgeVersions.id, version: judgeVersions.version });
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "judge.deploy",
      targetType: "judge-version",
      targetId: row.id,
      details: {
        version: row.version,
        heldOutKappaLower: report.heldOut.overall.kappa.lower,
        heldOutRollouts: report.heldOut.overall.rollouts,
      },
    });
    // A new grader version: replay the known reward hacks with it, against the judge it replaces.
    await requestJudgeChangeReplays(ctx, tx, {
      environmentId: version.environmentId,
      judgeVersionId: row.id,
      previousJudgeVersionId: before?.id ?? null,
    });
    return { id: row.id, version: row.version, report };
  });
}

/** Owners set the bar a version must clear (held-out kappa lower bound and held-out rollouts). */
export async function setCalibrationBar({ ctx, input }: { ctx: Ctx; input: CalibrationBarInput }) {
  assertCan(ctx, "judges.set-bar");
  const data = parseInput(calibrationBarInput, input);
  const judge = await findJudge(db, ctx, data.judgeId);
  return runInTransaction(ctx, async (tx) => {
    const bar = { minKappaLower: data.minKappaLower, minHeldOut: data.minHeldOut };
    await tx.update(judges).set({ calibrationBar: bar }).where(eq(judges.id, judge.id));
    await recordAudit(tx, ctx.actor, {
      workspaceId: ctx.workspace.id,
      action: "judge.set-bar",
      targetType: "judge",
      targetId: judge.id,
      details: { before: judge.calibrationBar, after: bar },
    });
    return bar;
  });
}
