import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db, type Executor } from "@/db/client";
import { type Job, jobs } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { describeJobTarget, listEnvironmentJobRows } from "@/lib/jobs/environment-jobs";
import { findEnvironmentBySlug } from "@/lib/tasks/task-access";
import { type ValidationReport, validationReport } from "./report";

// Validations are `validate` jobs (./validation-job.ts); these read them back for the
// versions page and for the approval gate, always scoped to the caller's workspace.

export type ValidationSummary = {
  jobId: string;
  status: Job["status"];
  /** "draft" or "v3". */
  target: string;
  done: number;
  total: number | null;
  startedBy: string;
  createdAt: string;
  error: string | null;
  report: ValidationReport | null;
  contentSha: string | null;
};

const KIND = "validate";

function toSummary(row: Job): ValidationSummary {
  const result = row.result ?? null;
  const parsed = result ? validationReport.safeParse(result) : null;
  return {
    jobId: row.id,
    status: row.status,
    target: describeJobTarget(row),
    done: row.done,
    total: row.total,
    startedBy: row.startedBy,
    createdAt: row.createdAt.toISOString(),
    error: row.error,
    report: parsed?.success ? parsed.data : null,
    contentSha: typeof result?.contentSha === "string" ? result.contentSha : null,
  };
}

/** The environment's latest validations, newest first. */
export async function listValidations({
  ctx,
  slug,
  limit = 5,
}: {
  ctx: Ctx;
  slug: string;
  limit?: number;
}): Promise<ValidationSummary[]> {
  assertCan(ctx, "environments.read");
  await findEnvironmentBySlug(db, ctx, slug);
  const rows = await listEnvironmentJobRows(db, { workspaceId: ctx.workspace.id, kind: KIND, slug, limit });
  return rows.map(toSummary);
}

/** The latest finished validation of exactly this content (every format), or null. */
export async function findValidationOfContent(
  executor: Executor,
  { workspaceId, slug, contentSha }: { workspaceId: string; slug: string; contentSha: string },
): Promise<ValidationSummary | null> {
  const [row] = await listEnvironmentJobRows(executor, {
    workspaceId,
    kind: KIND,
    slug,
    where: and(
      eq(jobs.status, "succeeded"),
      sql`${jobs.payload}->>'format' is null`,
      sql`${jobs.result}->>'contentSha' = ${contentSha}`,
    ),
    limit: 1,
  });
  return row ? toSummary(row) : null;
}
