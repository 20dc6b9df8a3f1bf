import "server-only";
import { and, gte, notExists, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { type LlmScannerVersion, llmScanResults, rollouts } from "@/db/schema";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { defineJobKind, PermanentJobError } from "@/lib/jobs/define-job-kind";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { withProviderLimit } from "@/lib/jobs/provider-limit";
import { can } from "@/lib/permissions/rules";
import { getProviderConfig } from "@/lib/providers/queries";
import { buildFilterConditions } from "@/lib/rollouts/filter-sql";
import { rolloutFilterInput } from "@/lib/rollouts/schemas";
import { parseInput } from "@/lib/validation";
import { listUnansweredLabelledRollouts, recordLlmCalibration } from "./llm-calibration-queries";
import { runLlmScan } from "./llm-scan-rollouts";
import { findDeployedLlmScanner, getLlmScannerVersion } from "./llm-versions";

// The LLM scanner as a background job. `calibrate`: one version over the labelled rollouts it hasn't
// answered, then its calibration report is stored. `run`: the deployed version over the rollouts it
// hasn't answered (a Rollouts filter narrows them; `new` only those created since it was deployed,
// which is what the scan job asks for on its own). Every provider attempt passes the shared
// per-provider limiter. Idempotent: a rerun skips what is answered.

export const MAX_LLM_SCAN_ROLLOUTS = 100_000;

export const llmScanPayload = z.object({
  versionId: z.uuid(),
  purpose: z.enum(["run", "calibrate"]).default("run"),
  scope: z.enum(["all", "new"]).default("all"),
  filter: z.record(z.string(), z.string()).default({}),
});
export type LlmScanPayload = z.input<typeof llmScanPayload>;

async function listRunTargets(ctx: Ctx, payload: z.output<typeof llmScanPayload>, deployedAt: Date | null) {
  const filter = parseInput(rolloutFilterInput, { ...payload.filter, cursor: undefined, limit: undefined });
  const rows = await db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(
      and(
        ...buildFilterConditions(ctx.workspace.id, filter),
        sql`${rollouts.status}::text <> 'running'`,
        payload.scope === "new" && deployedAt ? gte(rollouts.createdAt, deployedAt) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(llmScanResults)
            .where(
              sql`${llmScanResults.rolloutId} = ${rollouts.id} and ${llmScanResults.versionId} = ${payload.versionId}`,
            ),
        ),
      ),
    )
    .orderBy(rollouts.createdAt, rollouts.id)
    .limit(MAX_LLM_SCAN_ROLLOUTS);
  return rows.map((r) => r.id);
}

/**
 * One LLM scan, in a job or in the foreground (`studio scan`): the version's targets asked through
 * the shared per-provider limiter; a calibration stores its report at the end.
 */
export async function executeLlmScan({
  ctx,
  version,
  payload,
  jobId = null,
  signal,
  onTotal,
  onItem,
}: {
  ctx: Ctx;
  version: LlmScannerVersion;
  payload: z.output<typeof llmScanPayload>;
  jobId?: string | null;
  signal?: AbortSignal;
  onTotal?: (total: number) => void;
  onItem?: (item: { rolloutId: string; error: string | null }) => void;
}) {
  const stored = await getProviderConfig({ ctx, id: version.providerId });
  const { kind, model, baseUrl } = version.snapshot.provider;
  const provider = { ...stored, kind, model, baseUrl };
  const ids =
    payload.purpose === "calibrate"
      ? await listUnansweredLabelledRollouts(version)
      : await listRunTargets(ctx, payload, version.deployedAt);
  onTotal?.(ids.length);
  const totals = await runLlmScan({
    ctx,
    version,
    provider,
    rolloutIds: ids,
    jobId,
    signal,
    runAttempt: (run) =>
      withProviderLimit(
        provider.id ?? provider.name,
        { concurrency: provider.concurrency, rpm: provider.requestsPerMinute ?? undefined },
        run,
        { signal },
      ),
    onItem,
  });
  let calibrationPassed: boolean | undefined;
  if (payload.purpose === "calibrate" && !signal?.aborted)
    calibrationPassed = (await recordLlmCalibration(version)).isPassed;
  return { ...totals, version: version.version, calibrationPassed };
}

export const llmScanJob = defineJobKind({
  kind: "llm-scan",
  payload: llmScanPayload,
  permission: "scanners.llm",
  maxAttempts: 3,
  retryDelaySeconds: 30,
  async handler({ job, ctx, payload, signal, progress }) {
    const version = await getLlmScannerVersion(db, ctx, payload.versionId).catch((error) => {
      if (error instanceof AppError) throw new PermanentJobError(error.message);
      throw error;
    });
    if (payload.purpose === "run" && version.status !== "deployed")
      throw new PermanentJobError(
        `LLM scanner version ${version.version} is not deployed: calibrate it and deploy it first.`,
      );
    return executeLlmScan({
      ctx,
      version,
      payload,
      jobId: job.id,
      signal,
      onTotal: (total) => progress.setTotal(total),
      onItem: ({ rolloutId, error }) => {
        if (error) progress.addFailed(rolloutId, error);
        else progress.addDone();
      },
    });
  },
});

/**
 * After the deterministic scan: the deployed LLM scanner (if any, and if whoever started the scan
 * may run it) asks about the rollouts that arrived since it was deployed. One queued job at a time.
 */
export async function requestLlmScanning(ctx: Ctx): Promise<void> {
  if (!can(ctx.role, "scanners.llm")) return;
  const deployed = await findDeployedLlmScanner(ctx.workspace.id);
  if (!deployed) return;
  await enqueueJob({
    ctx,
    kind: llmScanJob,
    payload: { versionId: deployed.id, purpose: "run", scope: "new" },
    key: `llm-scan:${deployed.id}`,
  });
}
