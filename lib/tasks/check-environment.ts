import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { getTaskChecks } from "./check-queries";
import type { CoverageResult, Finding } from "./coverage";
import { reviewCoverageWithModel } from "./review-coverage-with-model";
import { listTaskSummaries } from "./summary-queries";

export type EnvironmentCheck = {
  tasks: {
    task: string;
    findings: (Pick<
      Finding,
      "id" | "kind" | "severity" | "message" | "why" | "criterion" | "check" | "location"
    > & {
      source: NonNullable<Finding["source"]>;
      requirement?: string;
      disputed?: string;
    })[];
    review?: CoverageResult["review"];
  }[];
  usage: { inputTokens: number; outputTokens: number; costUsd: number };
};

/**
 * The coverage check of every task of an environment (dismissed findings left out), with the
 * model-first review too when a provider is given. Tasks are reviewed one after another; answers
 * are cached by content, so running it again only asks about tasks that changed.
 */
export async function checkEnvironment({
  ctx,
  environmentSlug,
  providerId,
  signal,
  onTask,
}: {
  ctx: Ctx;
  environmentSlug: string;
  providerId?: string;
  /** Aborts the model requests (a cancelled job). */
  signal?: AbortSignal;
  onTask?: (key: string, done: number, total: number, review?: CoverageResult["review"]) => void;
}): Promise<EnvironmentCheck> {
  const summaries = await listTaskSummaries({ ctx, environmentSlug });
  const usage = { inputTokens: 0, outputTokens: 0, costUsd: 0 };
  const tasks: EnvironmentCheck["tasks"] = [];
  for (const [i, summary] of summaries.entries()) {
    signal?.throwIfAborted();
    const result: CoverageResult = providerId
      ? await reviewCoverageWithModel({ ctx, taskId: summary.id, input: { providerId }, signal })
      : await getTaskChecks({ ctx, taskId: summary.id });
    if (result.review) {
      usage.inputTokens += result.review.inputTokens;
      usage.outputTokens += result.review.outputTokens;
      usage.costUsd += result.review.costUsd;
    }
    tasks.push({
      task: summary.key,
      findings: result.findings
        .filter((f) => !f.dismissed)
        .map((f) => ({
          id: f.id,
          kind: f.kind,
          severity: f.severity,
          message: f.message,
          source: f.source ?? "rules",
          ...(f.why ? { why: f.why } : {}),
          ...(f.requirement ? { requirement: f.requirement.text } : {}),
          ...(f.criterion ? { criterion: f.criterion } : {}),
          ...(f.check ? { check: f.check } : {}),
          ...(f.location ? { location: f.location } : {}),
          ...(f.model && !f.model.agrees ? { disputed: f.model.reason } : {}),
        })),
      ...(result.review ? { review: result.review } : {}),
    });
    onTask?.(summary.key, i + 1, summaries.length, result.review);
  }
  return { tasks, usage };
}
