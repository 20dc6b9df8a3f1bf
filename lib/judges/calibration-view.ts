import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { judgeVersions } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import type { CalibrationReport } from "./calibration";
import { getCalibrationReport, listUnjudgedCalibrationRollouts } from "./calibration-queries";
import { findJudge, type LoadedVersion, toLoadedVersion } from "./judge-versions";
import { countSeededJudgments, SEEDED_NOTE } from "./seeded";

// The calibration report of one judge version (the latest unless a number is given), computed from
// the stored judgments and the experts' current labels.

export type JudgeCalibration = {
  judgeId: string;
  versionId: string;
  version: number;
  status: LoadedVersion["status"];
  report: CalibrationReport;
  /** Expert-labelled rollouts this version hasn't judged: "Calibrate" judges them. */
  unjudgedRollouts: number;
  /** Judgments the demo seed stored without calling a model, and SEEDED_NOTE when there are any. */
  seededJudgments: number;
  seeded: string | null;
};

export async function getJudgeCalibration({
  ctx,
  judgeId,
  version,
}: {
  ctx: Ctx;
  judgeId: string;
  version?: number;
}): Promise<JudgeCalibration | null> {
  assertCan(ctx, "environments.read");
  const judge = await findJudge(db, ctx, judgeId);
  const [row] = await db
    .select()
    .from(judgeVersions)
    .where(
      and(
        eq(judgeVersions.judgeId, judge.id),
        version === undefined ? undefined : eq(judgeVersions.version, version),
      ),
    )
    .orderBy(desc(judgeVersions.version))
    .limit(1);
  if (!row) {
    if (version !== undefined) throw new AppError("not_found", `The judge has no version ${version}.`);
    return null;
  }
  const loaded = toLoadedVersion(row);
  const [report, unjudged, seeded] = await Promise.all([
    getCalibrationReport({ ctx, version: loaded }),
    listUnjudgedCalibrationRollouts(ctx, loaded),
    countSeededJudgments([loaded.id]),
  ]);
  const seededJudgments = seeded.get(loaded.id) ?? 0;
  return {
    judgeId: judge.id,
    versionId: loaded.id,
    version: loaded.version,
    status: loaded.status,
    report,
    unjudgedRollouts: unjudged.length,
    seededJudgments,
    seeded: seededJudgments > 0 ? SEEDED_NOTE : null,
  };
}
