import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { environments, judges } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { getDeployedJudgeExport } from "./export-judge";
import type { JudgeEvidence, JudgeEvidenceFigures } from "./judge-evidence-schema";
import { countDeployedSeededJudgments, SEEDED_NOTE } from "./seeded";

export type { JudgeEvidence } from "./judge-evidence-schema";

// What the evidence report and the buyer datasheet say about the environment's LLM judge: the
// deployed (hence calibrated) version's held-out agreement with experts, or plainly that no judge
// is calibrated, never a draft's figures. No template, prompt or endpoint is included.

const pick = (f: JudgeEvidenceFigures) => ({
  n: f.n,
  rollouts: f.rollouts,
  kappa: f.kappa,
  kappaLower: f.kappaLower,
  kappaUpper: f.kappaUpper,
  accuracy: f.accuracy,
});

export async function getJudgeEvidence(environmentId: string): Promise<JudgeEvidence> {
  const deployed = await getDeployedJudgeExport(environmentId);
  if (deployed?.calibration?.isPassed) {
    const { calibration } = deployed;
    const seeded = await countDeployedSeededJudgments(environmentId);
    return {
      status: "calibrated",
      name: deployed.name,
      version: deployed.version,
      models: deployed.models.map((m) => m.model),
      deployedAt: deployed.deployedAt,
      bar: calibration.bar,
      heldOut: pick(calibration.heldOut.overall),
      criteria: calibration.heldOut.criteria.map((c) => ({ key: c.key, ...pick(c) })),
      seeded: seeded > 0 ? SEEDED_NOTE : null,
    };
  }
  const rows = await db
    .select({ name: judges.name })
    .from(judges)
    .where(and(eq(judges.environmentId, environmentId), isNull(judges.archivedAt)))
    .orderBy(asc(judges.name));
  return rows.length > 0 ? { status: "not-calibrated", judges: rows.map((r) => r.name) } : { status: "none" };
}

/** The report page's read: the judge evidence of an environment of the caller's workspace. */
export async function getEnvironmentJudgeEvidence({
  ctx,
  slug,
}: {
  ctx: Ctx;
  slug: string;
}): Promise<JudgeEvidence> {
  assertCan(ctx, "reports.read");
  const [environment] = await db
    .select({ id: environments.id })
    .from(environments)
    .where(and(eq(environments.workspaceId, ctx.workspace.id), eq(environments.slug, slug)));
  if (!environment) throw new AppError("not_found", "No such environment.");
  return getJudgeEvidence(environment.id);
}
