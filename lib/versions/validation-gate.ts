import "server-only";
import type { Executor } from "@/db/client";
import { AppError } from "@/lib/errors";
import type { EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";
import { hashValidatedContent } from "@/lib/grader-validation/content-hash";
import { findValidationOfContent } from "@/lib/grader-validation/queries";

// The approval gate: a draft whose latest validation (of exactly this content) failed is not
// approved, unless the owner writes why. What was decided goes into the approval's history row.

export const MIN_OVERRIDE_REASON = 10;

export type ValidationGateRecord =
  | { status: "passed"; jobId: string }
  | { status: "not-run" }
  | { status: "failed"; jobId: string; failedRows: number; overrideReason: string };

export async function checkValidationGate(
  executor: Executor,
  {
    workspaceId,
    snapshot,
    overrideReason,
  }: { workspaceId: string; snapshot: EnvironmentVersionSnapshot; overrideReason?: string },
): Promise<ValidationGateRecord> {
  const found = await findValidationOfContent(executor, {
    workspaceId,
    slug: snapshot.environment.slug,
    contentSha: hashValidatedContent(snapshot),
  });
  if (!found?.report) return { status: "not-run" };
  const failed = found.report.tasks.filter((row) => !row.ok);
  if (found.report.ok && failed.length === 0) return { status: "passed", jobId: found.jobId };
  const reason = overrideReason?.trim() ?? "";
  if (reason.length >= MIN_OVERRIDE_REASON)
    return { status: "failed", jobId: found.jobId, failedRows: failed.length, overrideReason: reason };
  const shown = failed
    .slice(0, 3)
    .map((row) => `${row.task} (${row.format}): ${row.reason}`)
    .join("; ");
  const cause = found.report.error ?? shown;
  throw new AppError(
    "conflict",
    `Approval is blocked: validation failed for ${failed.length || "every"} task × format row${failed.length === 1 ? "" : "s"}${cause ? ` (${cause}${failed.length > 3 ? "; …" : ""})` : ""}. Fix the tasks and validate again, or approve anyway with a written reason (at least ${MIN_OVERRIDE_REASON} characters).`,
  );
}
