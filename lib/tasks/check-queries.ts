import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { findingDismissals } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { canReadAnswerKeys } from "./answer-key-access";
import { type CoverageResult, checkCoverage } from "./coverage";
import { type DismissalEntry, listActiveDismissals, redactLeakFindings } from "./dismissals";
import { buildCoverageInput } from "./grader-items";
import { toFullContent } from "./hidden-material";
import { loadSharedRubricRefs, loadTaskContents } from "./load-content";
import { listSentenceMarks } from "./sentence-mark-queries";
import { findTask } from "./task-access";

export async function listDismissalHistory({
  ctx,
  taskId,
}: {
  ctx: Ctx;
  taskId: string;
}): Promise<DismissalEntry[]> {
  assertCan(ctx, "environments.read");
  const { task } = await findTask(db, ctx, taskId);
  return loadDismissals(task.id);
}

async function loadDismissals(taskId: string): Promise<DismissalEntry[]> {
  const rows = await db
    .select()
    .from(findingDismissals)
    .where(eq(findingDismissals.taskId, taskId))
    .orderBy(asc(findingDismissals.createdAt), asc(findingDismissals.id));
  return rows.map((r) => ({
    id: r.id,
    findingId: r.findingId,
    kind: r.findingKind,
    action: r.action,
    reason: r.reason,
    actorName: r.actorName,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The coverage check's input for a saved task (answer key included: server use only). */
export async function loadTaskCoverageInput({ ctx, taskId }: { ctx: Ctx; taskId: string }) {
  assertCan(ctx, "environments.read");
  const { task } = await findTask(db, ctx, taskId);
  const content = toFullContent((await loadTaskContents(db, [task], { includeHidden: true })).get(task.id)!);
  if (!content) throw new Error("A stored check could not be read back.");
  const shared = content.sharedRubricId
    ? ((await loadSharedRubricRefs(db, [content.sharedRubricId])).get(content.sharedRubricId) ?? null)
    : null;
  const dismissed = listActiveDismissals(await loadDismissals(task.id));
  const marks = await listSentenceMarks({ ctx });
  return buildCoverageInput({ content, shared, dismissed, marks });
}

/**
 * The coverage check of a task as saved: requirements, findings (dismissed ones marked with their
 * reason) and which criteria or checks cover each requirement. The answer key is read to find
 * leaks but never returned; for roles that may not read it, leak findings say only that one exists.
 */
export async function getTaskChecks({
  ctx,
  taskId,
}: {
  ctx: Ctx;
  taskId: string;
}): Promise<CoverageResult & { revision: number }> {
  assertCan(ctx, "environments.read");
  const { task, environment } = await findTask(db, ctx, taskId);
  const result = checkCoverage(await loadTaskCoverageInput({ ctx, taskId }));
  const findings = canReadAnswerKeys(ctx, environment)
    ? result.findings
    : redactLeakFindings(result.findings);
  return { ...result, findings, revision: task.revision };
}
