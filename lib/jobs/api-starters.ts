import "server-only";
import { z } from "zod";
import type { Job } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { requestSearchIndexing } from "@/lib/search/search-index-job";
import { parseInput } from "@/lib/validation";
import { enqueueJob } from "./enqueue-job";
import { probeJob, probePayload } from "./probe-job";

// `POST /api/v1/jobs` dispatches on the body's `kind` to the starter listed here. To let API
// clients start your kind: add an entry whose schema parses the whole body and whose start checks
// the caller and enqueues (e.g. `judge` → lib/judges/start-judge-job.ts).

type JobStarter = { body: z.ZodType; start: (ctx: Ctx, body: never) => Promise<Job> };

const API_JOB_STARTERS: Record<string, JobStarter> = {
  /** A no-op job (owners): proves a worker runs jobs, e.g. after deploying workers. */
  probe: {
    body: probePayload.extend({ kind: z.literal("probe") }),
    async start(ctx, body: z.infer<typeof probePayload> & { kind: "probe" }) {
      assertCan(ctx, "workspace.manage");
      const { kind: _kind, ...payload } = body;
      return enqueueJob({ ctx, kind: probeJob, payload, key: payload.key });
    },
  },
  "search-index": {
    body: z.object({ kind: z.literal("search-index") }),
    async start(ctx) {
      assertCan(ctx, "rollouts.import");
      return requestSearchIndexing(ctx);
    },
  },
};

export async function startJobFromApi({ ctx, body }: { ctx: Ctx; body: unknown }): Promise<Job> {
  assertCan(ctx, "jobs.manage");
  const { kind } = parseInput(z.object({ kind: z.string().min(1) }).loose(), body);
  const starter = API_JOB_STARTERS[kind];
  if (!starter)
    throw new AppError(
      "invalid",
      `kind: "${kind}" can't be started here. Use one of: ${Object.keys(API_JOB_STARTERS).join(", ")}.`,
    );
  return starter.start(ctx, parseInput(starter.body, body) as never);
}
