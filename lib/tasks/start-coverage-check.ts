import "server-only";
import { z } from "zod";
import { db } from "@/db/client";
import type { Job } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { getProviderConfig } from "@/lib/providers/queries";
import { parseInput } from "@/lib/validation";
import { coverageCheckJob } from "./coverage-check-job";
import { findEnvironmentBySlug } from "./task-access";

export const startCoverageCheckInput = z.object({
  environment: z.string().trim().min(1).max(200),
  /** The provider of the model-first review; absent: the rules alone. */
  providerId: z.uuid().optional(),
});

/**
 * Starts the coverage check of every task of an environment as a job (the environment's task list,
 * `POST /api/v1/jobs` kind `coverage-check`). One queued job per environment and mode: asking again
 * while one waits returns it.
 */
export async function startCoverageCheck({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: z.input<typeof startCoverageCheckInput>;
}): Promise<Job> {
  assertCan(ctx, "environments.read");
  const data = parseInput(startCoverageCheckInput, input);
  const environment = await findEnvironmentBySlug(db, ctx, data.environment);
  if (data.providerId) await getProviderConfig({ ctx, id: data.providerId });
  return enqueueJob({
    ctx,
    kind: coverageCheckJob,
    payload: { slug: environment.slug, providerId: data.providerId },
    key: `coverage-check:${environment.id}:${data.providerId ?? "rules"}`,
  });
}
