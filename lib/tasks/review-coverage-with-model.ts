import "server-only";
import { z } from "zod";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { getProviderConfig } from "@/lib/providers/queries";
import { parseInput } from "@/lib/validation";
import { type AskTally, makeCachedAsk } from "./ask-coverage-model";
import { getTaskChecks, loadTaskCoverageInput } from "./check-queries";
import { reviewWithModel } from "./coverage/model/review-with-model";

export const reviewCoverageInput = z.object({ providerId: z.uuid() });

/** The model's view per finding id, and what it cost. */
export type CoverageModelReview = {
  reviews: Record<string, { agrees: boolean; reason: string; model: string }>;
  tally: AskTally;
};

/**
 * Puts the saved task's unchecked requirements and leak findings to a judge provider (cached by
 * content, so a second run re-asks only what changed) and returns the model's verdict and reason
 * per finding. The deterministic findings stay as they are; the model only comments on them.
 */
export async function reviewCoverageWithModel({
  ctx,
  taskId,
  input,
}: {
  ctx: Ctx;
  taskId: string;
  input: z.input<typeof reviewCoverageInput>;
}): Promise<CoverageModelReview> {
  assertCan(ctx, "environments.read");
  const { providerId } = parseInput(reviewCoverageInput, input);
  const provider = await getProviderConfig({ ctx, id: providerId });
  const coverageInput = await loadTaskCoverageInput({ ctx, taskId });
  const { revision: _, ...result } = await getTaskChecks({ ctx, taskId });
  const tally: AskTally = { asked: 0, cached: 0, failed: 0, costUsd: 0 };
  const reviewed = await reviewWithModel({
    input: coverageInput,
    result,
    ask: makeCachedAsk({ ctx, provider, tally }),
    model: provider.model,
  });
  const reviews: CoverageModelReview["reviews"] = {};
  for (const f of reviewed.findings) if (f.model) reviews[f.id] = f.model;
  return { reviews, tally };
}
