import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { environments } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import type { DeployedJudgeExport, EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";
import { toPublicBaseUrl } from "@/lib/providers/public-base-url";
import type { AgreementFigures, CalibrationReport, SetReport } from "./calibration";
import { getDeployedJudge } from "./queries";

// The environment's deployed judge as exports and datasheets carry it: instructions, models,
// sampling, criteria and each provider's endpoint (never keys, credentials in a URL, answer keys or
// rollout ids), with its calibration figures. Exports take the judge deployed when they are made.

function summarize(f: AgreementFigures) {
  return {
    n: f.n,
    rollouts: f.rollouts,
    kappa: f.kappa.kappa,
    kappaLower: f.kappa.lower,
    kappaUpper: f.kappa.upper,
    accuracy: f.accuracy.estimate,
    precisionMet: f.precisionMet.estimate,
    recallMet: f.recallMet.estimate,
    unevaluable: f.unevaluable,
  };
}

function summarizeSet(set: SetReport) {
  return {
    overall: summarize(set.overall),
    criteria: set.criteria.map((c) => ({ key: c.key, ...summarize(c) })),
  };
}

export async function getDeployedJudgeExport(environmentId: string): Promise<DeployedJudgeExport | null> {
  const deployed = await getDeployedJudge(environmentId);
  if (!deployed) return null;
  const { snapshot, report } = deployed;
  const calibration = report as CalibrationReport | null;
  return {
    name: snapshot.name,
    version: deployed.version,
    fingerprint: deployed.fingerprint,
    deployedAt: deployed.deployedAt?.toISOString() ?? null,
    models: snapshot.providers.map((p) => ({
      kind: p.kind,
      model: p.model,
      baseUrl: toPublicBaseUrl(p.baseUrl),
    })),
    aggregation: snapshot.providers.length > 1 ? "panel: majority (binary), mean (scales)" : "single judge",
    sampling: snapshot.sampling,
    template: snapshot.template,
    tasks: snapshot.tasks.map((t) => ({
      key: t.key,
      template: t.template,
      criteria: t.criteria.map((c) => ({
        key: c.key,
        title: c.title,
        type: c.type,
        scaleMax: c.scaleMax,
        weight: c.weight,
      })),
    })),
    calibration: calibration
      ? {
          bar: calibration.bar,
          isPassed: calibration.isPassed,
          heldOut: summarizeSet(calibration.heldOut),
          dev: summarizeSet(calibration.dev),
        }
      : null,
  };
}

/** The snapshot with the environment's deployed judge attached (unchanged when none is deployed). */
export async function attachDeployedJudge({
  ctx,
  snapshot,
}: {
  ctx: Ctx;
  snapshot: EnvironmentVersionSnapshot;
}) {
  const [environment] = await db
    .select({ id: environments.id })
    .from(environments)
    .where(
      and(eq(environments.workspaceId, ctx.workspace.id), eq(environments.slug, snapshot.environment.slug)),
    );
  const judge = environment ? await getDeployedJudgeExport(environment.id) : null;
  return judge ? { ...snapshot, judge } : snapshot;
}
