import "server-only";
import { db } from "@/db/client";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { enqueueJob } from "@/lib/jobs";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { parseInput } from "@/lib/validation";
import { type ValidationPayload, validationJob, validationPayload } from "./validation-job";

/** Queues a validation of a version (or of the draft, `version: null`); one queued per target. */
export async function startValidation({ ctx, input }: { ctx: Ctx; input: unknown }) {
  assertCan(ctx, "environments.export");
  const payload: ValidationPayload = parseInput(validationPayload, input);
  await findEnvironmentBySlug(db, ctx, payload.slug);
  const job = await enqueueJob({
    ctx,
    kind: validationJob,
    payload,
    key: `${payload.slug}@${payload.version ?? "draft"}/${payload.format ?? "all"}`,
  });
  return { jobId: job.id };
}
