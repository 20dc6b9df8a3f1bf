import "server-only";
import type { Executor } from "@/db/client";
import type { EnvironmentVersionSnapshot } from "@/lib/exports/snapshot";
import { hashValidatedContent } from "@/lib/grader-validation/content-hash";
import { findValidationOfContent } from "@/lib/grader-validation/queries";
import type { GateOutcome } from "./approval-gates";

// The validation gate: a draft whose latest validation (of exactly this content) failed blocks
// approval until the owner writes why (lib/versions/approval-gates.ts decides; the approval's
// history row keeps the record).

export type ValidationGateRecord =
  | { status: "passed"; jobId: string }
  | { status: "not-run" }
  | { status: "failed"; jobId: string; failedRows: number; overrideReason: string };

export async function checkValidationGate(
  executor: Executor,
  { workspaceId, snapshot }: { workspaceId: string; snapshot: EnvironmentVersionSnapshot },
): Promise<GateOutcome<ValidationGateRecord>> {
  const found = await findValidationOfContent(executor, {
    workspaceId,
    slug: snapshot.environment.slug,
    contentSha: hashValidatedContent(snapshot),
  });
  if (!found?.report) return { record: { status: "not-run" } };
  const failed = found.report.tasks.filter((row) => !row.ok);
  if (found.report.ok && failed.length === 0) return { record: { status: "passed", jobId: found.jobId } };
  const shown = failed
    .slice(0, 3)
    .map((row) => `${row.task} (${row.format}): ${row.reason}`)
    .join("; ");
  const cause = found.report.error ?? shown;
  return {
    blocked: `validation failed for ${failed.length || "every"} task × format row${failed.length === 1 ? "" : "s"}${cause ? ` (${cause}${failed.length > 3 ? "; …" : ""})` : ""}.`,
    record: (overrideReason) => ({
      status: "failed",
      jobId: found.jobId,
      failedRows: failed.length,
      overrideReason,
    }),
  };
}
