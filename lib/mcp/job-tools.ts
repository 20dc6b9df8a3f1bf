import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Ctx } from "@/lib/auth/context";
import { EXPORT_FORMATS } from "@/lib/exports/formats";
import { startAttack } from "@/lib/grader-attacks/start-attack";
import { startValidation } from "@/lib/grader-validation/start-validation";
import { getJob } from "@/lib/jobs/queries";
import { API_RULES } from "@/lib/permissions/routes";
import { startJobFromApi } from "@/lib/pipeline/start-job-from-api";
import { defineTool, type ToolAnswer } from "./define-tool";
import { pageJson } from "./quote";

// Background work: validation (the Validate button's verb), attack runs (POST …/attacks), scans
// (POST /api/v1/jobs with kind scan), and GET /api/v1/jobs/{id} with its result paged.

const RESULT_PAGE_CHARS = 20_000;

const target = {
  environment: z.string().min(1).max(100).describe("Environment slug"),
  version: z.number().int().min(1).optional().describe("An approved version; the draft when omitted"),
  format: z.enum(EXPORT_FORMATS).optional().describe("One export format; every format when omitted"),
};

async function describeJob(ctx: Ctx, id: string, resultOffset = 0): Promise<ToolAnswer> {
  const { result, errors, ...job } = await getJob({ ctx, id });
  const page = result ? pageJson(result, resultOffset, RESULT_PAGE_CHARS) : null;
  const notes = [
    ...(page?.nextOffset != null
      ? [
          `[truncated result: ${page.totalChars} characters of JSON, this page holds ${resultOffset}–${page.nextOffset}; call get_job with resultOffset=${page.nextOffset} for more.]`,
        ]
      : []),
    ...(!["succeeded", "failed", "cancelled"].includes(job.status)
      ? ["The job is not finished: call get_job again in a few seconds."]
      : []),
  ];
  return {
    summary: `Job ${job.id} (${job.kind}): ${job.status}, ${job.done}${job.total === null ? "" : ` of ${job.total}`} done, ${job.failed} failed.`,
    notes,
    payload: {
      ...job,
      errors: errors.slice(0, 20),
      ...(errors.length > 20 ? { moreErrors: errors.length - 20 } : {}),
      ...(page
        ? { resultJson: page.page, resultChars: page.totalChars, nextResultOffset: page.nextOffset }
        : {}),
    },
  };
}

export function registerJobTools(server: McpServer, ctx: Ctx): void {
  defineTool(server, ctx, {
    name: "start_validation",
    title: "Validate an environment's graders",
    description:
      "Queues a validation: each task's reference solution (must score 1) and an empty answer (must score 0) through every exported grader in the sandbox. Answers the job; follow it with get_job.",
    permission: "environments.export",
    input: target,
    isReadOnly: false,
    run: async ({ ctx, input }) => {
      const { jobId } = await startValidation({
        ctx,
        input: { slug: input.environment, version: input.version ?? null, format: input.format ?? null },
      });
      return describeJob(ctx, jobId);
    },
  });

  defineTool(server, ctx, {
    name: "start_attack",
    title: "Attack an environment's graders",
    description:
      "Queues an attack run: non-solutions and scripted hacks against each task's grader in the sandbox; its result says which tasks are hackable. Follow it with get_job.",
    permission: API_RULES["POST /api/v1/environments/[slug]/attacks"],
    input: target,
    isReadOnly: false,
    run: async ({ ctx, input }) => {
      const { jobId } = await startAttack({
        ctx,
        input: { slug: input.environment, version: input.version ?? null, format: input.format ?? null },
      });
      return describeJob(ctx, jobId);
    },
  });

  defineTool(server, ctx, {
    name: "start_scan",
    title: "Scan rollouts for reward hacks",
    description:
      "Queues a scan of the workspace's unscanned rollouts (those the filter matches, same fields as search_rollouts) with the reward-hack signatures. Follow it with get_job, then list_rollout_signals.",
    permission: API_RULES["POST /api/v1/jobs"],
    input: {
      filter: z
        .record(z.string(), z.string().max(1_000))
        .default({})
        .describe('Rollout filter fields, e.g. {"environment":"…"}'),
    },
    isReadOnly: false,
    run: async ({ ctx, input }) => {
      const job = await startJobFromApi({ ctx, input: { kind: "scan", filter: input.filter } });
      return describeJob(ctx, job.id);
    },
  });

  defineTool(server, ctx, {
    name: "get_job",
    title: "A job's state and result",
    description:
      "A background job's state (queued, running, retrying, succeeded, failed, cancelled), progress, errors and result; a long result comes in pages (resultOffset).",
    permission: API_RULES["GET /api/v1/jobs/[id]"],
    input: { jobId: z.uuid(), resultOffset: z.number().int().min(0).default(0) },
    isReadOnly: true,
    run: ({ ctx, input }) => describeJob(ctx, input.jobId, input.resultOffset),
  });
}
