import "server-only";
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { environments, rollouts } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { toJobOutput } from "@/lib/jobs/queries";
import { FILTER_FIELDS, rolloutFilterInput } from "@/lib/rollouts/schemas";
import { parseInput } from "@/lib/validation";
import { buildJudgeTargetConditions, judgeJob, MAX_JUDGE_ROLLOUTS } from "./judge-job";
import { ensureCurrentVersion } from "./judge-versions";

// Starts a judging job with the judge's current version (frozen now if the rubric changed): over a
// rollout filter ("Judge these rollouts"), or over the expert-labelled rollouts ("Calibrate").
// A filter run judges exactly the rollouts the filter matches in the judge's environment when it is
// started (later arrivals are left out), and refuses a filter that matches none or too many.
// The same request twice while the first is still queued returns the queued job.

export const startJudgingInput = z.object({
  judgeId: z.uuid({ message: "Pick a judge." }),
  purpose: z.enum(["run", "calibrate"]).default("run"),
  filter: z.record(z.string(), z.string().max(1_000)).default({}),
});
export type StartJudgingInput = z.input<typeof startJudgingInput>;

/** The filter's narrowing fields with a value (sort, paging and unknown keys dropped). */
export function toJudgeFilter(raw: Record<string, string>): Record<string, string> {
  const fields: readonly string[] = FILTER_FIELDS;
  return Object.fromEntries(
    Object.entries(raw).filter(([key, value]) => value.trim() !== "" && fields.includes(key)),
  );
}

/** How many rollouts of the environment the filter matches (counting stops past the cap). */
export async function countJudgeTargets(
  ctx: Ctx,
  environmentId: string,
  filter: Record<string, string>,
): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(rollouts)
    .where(buildJudgeTargetConditions(ctx.workspace.id, environmentId, filter))
    .limit(MAX_JUDGE_ROLLOUTS + 1)
    .as("matching");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  return Number(row.n);
}

export async function startJudging({ ctx, input }: { ctx: Ctx; input: StartJudgingInput }) {
  assertCan(ctx, "judges.write");
  const data = parseInput(startJudgingInput, input);
  const filter = toJudgeFilter(data.filter);
  parseInput(rolloutFilterInput, filter);
  const version = await ensureCurrentVersion({ ctx, judgeId: data.judgeId });
  let createdBefore: string | undefined;
  let total: number | undefined;
  if (data.purpose === "run") {
    const [environment] = await db
      .select({ slug: environments.slug })
      .from(environments)
      .where(eq(environments.id, version.environmentId));
    if (filter.environment && filter.environment !== environment.slug) {
      throw new AppError(
        "invalid",
        `This judge grades ${environment.slug}; the filter asks for ${filter.environment}. Pick a judge of that environment.`,
      );
    }
    createdBefore = new Date().toISOString();
    total = await countJudgeTargets(ctx, version.environmentId, filter);
    if (total === 0) throw new AppError("invalid", `No rollout of ${environment.slug} matches this filter.`);
    if (total > MAX_JUDGE_ROLLOUTS) {
      throw new AppError(
        "invalid",
        `The filter matches more than ${MAX_JUDGE_ROLLOUTS.toLocaleString("en-US")} rollouts of ${environment.slug}; narrow it.`,
      );
    }
  }
  const key = createHash("sha256")
    .update(JSON.stringify([version.id, data.purpose, Object.entries(filter).sort()]))
    .digest("hex")
    .slice(0, 32);
  const job = await enqueueJob({
    ctx,
    kind: judgeJob,
    payload: { judgeVersionId: version.id, purpose: data.purpose, filter, createdBefore },
    key,
  });
  return { job: toJobOutput(job), version: version.version, versionId: version.id, matching: total ?? null };
}
