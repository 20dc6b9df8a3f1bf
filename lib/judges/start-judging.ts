import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { toJobOutput } from "@/lib/jobs/queries";
import { parseInput } from "@/lib/validation";
import { judgeJob } from "./judge-job";
import { ensureCurrentVersion } from "./judge-versions";

// Starts a judging job with the judge's current version (frozen now if the rubric changed): over a
// rollout filter ("Judge these rollouts"), or over the expert-labelled rollouts ("Calibrate").
// The same request twice while the first is still queued returns the queued job.

export const startJudgingInput = z.object({
  judgeId: z.uuid({ message: "Pick a judge." }),
  purpose: z.enum(["run", "calibrate"]).default("run"),
  filter: z.record(z.string(), z.string().max(1_000)).default({}),
});
export type StartJudgingInput = z.input<typeof startJudgingInput>;

export async function startJudging({ ctx, input }: { ctx: Ctx; input: StartJudgingInput }) {
  assertCan(ctx, "judges.write");
  const data = parseInput(startJudgingInput, input);
  const filter = Object.fromEntries(
    Object.entries(data.filter).filter(
      ([key, value]) => value !== "" && key !== "cursor" && key !== "limit" && key !== "sort",
    ),
  );
  const version = await ensureCurrentVersion({ ctx, judgeId: data.judgeId });
  const key = createHash("sha256")
    .update(JSON.stringify([version.id, data.purpose, Object.entries(filter).sort()]))
    .digest("hex")
    .slice(0, 32);
  const job = await enqueueJob({
    ctx,
    kind: judgeJob,
    payload: { judgeVersionId: version.id, purpose: data.purpose, filter },
    key,
  });
  return { job: toJobOutput(job), version: version.version, versionId: version.id };
}
