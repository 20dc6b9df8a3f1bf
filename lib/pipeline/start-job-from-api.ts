import "server-only";
import { z } from "zod";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { probeJob, probePayload } from "@/lib/jobs/probe-job";
import { toJobOutput } from "@/lib/jobs/queries";
import type { JobOutput } from "@/lib/jobs/schemas";
import { startJudging } from "@/lib/judges/start-judging";
import { startLlmScan } from "@/lib/scanners/llm/start-llm-scan";
import { scanJob } from "@/lib/scanners/scan-job";
import { requestSearchIndexing } from "@/lib/search/search-index-job";
import { startCoverageCheck } from "@/lib/tasks/start-coverage-check";
import { parseInput } from "@/lib/validation";

// POST /api/v1/jobs (docs/api-and-cli.md, Wave 2): starts a job of a kind the API offers. Each kind names
// its body and the verb that starts it; add a variant here to offer another kind.

const rolloutFilter = z.record(z.string(), z.string().max(1_000)).default({});

export const startJobBody = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("judge"),
    /** The judge's id: its current version judges (frozen now if the rubric changed). */
    judge: z.uuid(),
    /** Rollout filter fields as on GET /api/v1/rollouts; the judge's environment always applies. */
    filter: rolloutFilter,
    /** `calibrate`: judge the expert-labelled rollouts the version hasn't judged yet. */
    purpose: z.enum(["run", "calibrate"]).default("run"),
  }),
  /** Scan the workspace's unscanned rollouts (those the filter matches) for reward hacks. */
  z.object({ kind: z.literal("scan"), filter: rolloutFilter }),
  /**
   * The LLM scanner: `run` asks the deployed version about the rollouts (those the filter matches)
   * it hasn't answered; `calibrate` asks a version (default the latest) about the labelled ones.
   */
  z.object({
    kind: z.literal("llm-scan"),
    purpose: z.enum(["run", "calibrate"]).default("run"),
    version: z.uuid().optional(),
    filter: rolloutFilter,
  }),
  /**
   * The coverage check of every task of an environment (its slug); with `provider` (a provider id) the
   * model-first review too. The result summarises each task's open findings by kind and who found them.
   */
  z.object({
    kind: z.literal("coverage-check"),
    environment: z.string().min(1).max(200),
    provider: z.uuid().optional(),
  }),
  /** Make every imported rollout of the workspace searchable now. */
  z.object({ kind: z.literal("search-index") }),
  /** Owners: a no-op job that proves a worker runs jobs (e.g. after deploying workers). */
  probePayload.extend({ kind: z.literal("probe") }),
]);

export async function startJobFromApi({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: unknown;
}): Promise<JobOutput & { version?: number }> {
  assertCan(ctx, "jobs.manage");
  const body = parseInput(startJobBody, input);
  if (body.kind === "search-index") {
    assertCan(ctx, "rollouts.import");
    return toJobOutput(await requestSearchIndexing(ctx));
  }
  if (body.kind === "scan") {
    assertCan(ctx, "scanners.run");
    const filter = Object.keys(body.filter).length > 0 ? body.filter : undefined;
    return toJobOutput(await enqueueJob({ ctx, kind: scanJob, payload: { filter } }));
  }
  if (body.kind === "llm-scan") {
    const started = await startLlmScan({
      ctx,
      input: { purpose: body.purpose, versionId: body.version, filter: body.filter },
    });
    return { ...started.job, version: started.version };
  }
  if (body.kind === "coverage-check")
    return toJobOutput(
      await startCoverageCheck({ ctx, input: { environment: body.environment, providerId: body.provider } }),
    );
  if (body.kind === "probe") {
    assertCan(ctx, "workspace.manage");
    const { kind: _kind, ...payload } = body;
    return toJobOutput(await enqueueJob({ ctx, kind: probeJob, payload, key: payload.key }));
  }
  const started = await startJudging({
    ctx,
    input: { judgeId: body.judge, filter: body.filter, purpose: body.purpose },
  });
  return { ...started.job, version: started.version };
}
