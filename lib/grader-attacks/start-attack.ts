import "server-only";
import { z } from "zod";
import { db } from "@/db/client";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { enqueueJob } from "@/lib/jobs";
import { getProviderByName } from "@/lib/providers/queries";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { parseInput } from "@/lib/validation";
import { type AttackPayload, attackJob, attackPayload } from "./attack-job";

const startAttackInput = attackPayload.omit({ providerId: true }).extend({
  /** A workspace provider's name: model-written attacks and the judge-graded criteria through it. */
  provider: z.string().min(1).max(200).nullable().default(null),
});

/** Queues an attack run on a version (or on the draft, `version: null`); one queued per target. */
export async function startAttack({ ctx, input }: { ctx: Ctx; input: unknown }) {
  assertCan(ctx, "environments.export");
  const { provider, ...rest } = parseInput(startAttackInput, input);
  await findEnvironmentBySlug(db, ctx, rest.slug);
  const providerId = provider
    ? await getProviderByName({ ctx, name: provider }).then(
        (p) => p.id,
        (error: unknown) => {
          if (error instanceof AppError && error.code === "not_found")
            throw new AppError("invalid", `No provider named "${provider}" in this workspace.`);
          throw error;
        },
      )
    : null;
  const payload: AttackPayload = { ...rest, providerId };
  const job = await enqueueJob({
    ctx,
    kind: attackJob,
    payload,
    key: `${payload.slug}@${payload.version ?? "draft"}/${payload.format ?? "all"}${providerId ? `/${providerId}x${payload.modelAttacks}` : ""}`,
  });
  return { jobId: job.id };
}
