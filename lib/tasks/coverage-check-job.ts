import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { defineJobKind, PermanentJobError } from "@/lib/jobs/define-job-kind";
import { checkEnvironment, type EnvironmentCheck } from "./check-environment";
import type { CoverageCheckResult } from "./coverage-check-result";

// The coverage check of every task of an environment as a background job (issue #37, item 1): the
// rules, and with a provider the model-first review too. Idempotent by content: model answers are
// cached per task content, so a job delivered again (or run again) asks only about tasks that changed.
// The result is a summary per task (open findings by kind and who found them, the review's status);
// the task page shows the findings themselves, from the same cache.

export const coverageCheckPayload = z.object({
  slug: z.string().min(1).max(200),
  /** The provider of the model-first review; absent: the rules alone. */
  providerId: z.uuid().optional(),
});

export function summarizeCheck(
  slug: string,
  mode: "rules" | "model",
  check: EnvironmentCheck,
): CoverageCheckResult {
  return {
    slug,
    mode,
    usage: check.usage,
    tasks: check.tasks.map((t) => {
      const counted = t.findings.filter((f) => !f.disputed);
      const byKind: Record<string, number> = {};
      for (const f of counted) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
      return {
        task: t.task,
        errors: counted.filter((f) => f.severity === "error").length,
        warnings: counted.filter((f) => f.severity !== "error").length,
        disputed: t.findings.length - counted.length,
        byKind,
        bySource: {
          rules: counted.filter((f) => f.source === "rules").length,
          model: counted.filter((f) => f.source === "model").length,
          both: counted.filter((f) => f.source === "both").length,
        },
        review: t.review
          ? {
              status: t.review.status,
              ...(t.review.message ? { message: t.review.message } : {}),
              cached: t.review.cached,
            }
          : null,
      };
    }),
  };
}

export const coverageCheckJob = defineJobKind({
  kind: "coverage-check",
  payload: coverageCheckPayload,
  permission: "environments.read",
  maxAttempts: 2,
  retryDelaySeconds: 30,
  async handler({ ctx, payload, progress, signal }) {
    // A job delivered again checks every task again (cached answers make that cheap): count afresh.
    progress.set({ done: 0, failed: 0, clearErrors: true });
    const check = await checkEnvironment({
      ctx,
      environmentSlug: payload.slug,
      providerId: payload.providerId,
      signal,
      onTask: (key, _done, total, review) => {
        progress.setTotal(total);
        if (review && review.status !== "reviewed")
          progress.addFailed(key, review.message ?? `model review ${review.status}`);
        else progress.addDone();
      },
    }).catch((error: unknown) => {
      // A missing environment or provider, or a lost right, will not fix itself on a retry.
      if (error instanceof AppError && error.code !== "internal") throw new PermanentJobError(error.message);
      throw error;
    });
    progress.set({ total: check.tasks.length });
    return summarizeCheck(payload.slug, payload.providerId ? "model" : "rules", check);
  },
});
