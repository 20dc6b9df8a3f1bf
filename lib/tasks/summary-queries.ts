import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { findingDismissals, tasks } from "@/db/schema";
import { assertCan, type Ctx } from "@/lib/auth/context";
import { checkCoverage } from "./coverage";
import { listActiveDismissals } from "./dismissals";
import { buildCoverageInput } from "./grader-items";
import { toFullContent } from "./hidden-material";
import { loadSharedRubricRefs, loadTaskContents } from "./load-content";
import { listSentenceMarks } from "./sentence-mark-queries";
import { findEnvironmentBySlug } from "./task-access";

export type TaskSummary = {
  id: string;
  key: string;
  title: string;
  difficulty: string | null;
  tags: string[];
  revision: number;
  criteriaCount: number;
  checksCount: number;
  errors: number;
  warnings: number;
  dismissed: number;
  archivedAt: string | null;
  updatedAt: string;
};

/** The tasks table of an environment, with each task's open coverage findings counted. */
export async function listTaskSummaries({
  ctx,
  environmentSlug,
  includeArchived = false,
}: {
  ctx: Ctx;
  environmentSlug: string;
  includeArchived?: boolean;
}): Promise<TaskSummary[]> {
  assertCan(ctx, "environments.read");
  const environment = await findEnvironmentBySlug(db, ctx, environmentSlug);
  const rows = await db
    .select()
    .from(tasks)
    .where(
      and(eq(tasks.environmentId, environment.id), includeArchived ? undefined : isNull(tasks.archivedAt)),
    )
    .orderBy(asc(tasks.key));
  if (rows.length === 0) return [];
  // The answer key is read only to count leak findings; no content leaves this function.
  const contents = await loadTaskContents(db, rows, { includeHidden: true });
  const shared = await loadSharedRubricRefs(
    db,
    [...contents.values()].flatMap((c) => (c.sharedRubricId ? [c.sharedRubricId] : [])),
  );
  const marks = await listSentenceMarks({ ctx });
  const dismissals = await db
    .select()
    .from(findingDismissals)
    .where(
      inArray(
        findingDismissals.taskId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(findingDismissals.createdAt), asc(findingDismissals.id));
  return rows.map((task) => {
    const content = toFullContent(contents.get(task.id)!);
    const history = dismissals
      .filter((d) => d.taskId === task.id)
      .map((d) => ({ ...d, kind: d.findingKind, createdAt: d.createdAt.toISOString() }));
    const findings = content
      ? checkCoverage(
          buildCoverageInput({
            content,
            shared: content.sharedRubricId ? (shared.get(content.sharedRubricId) ?? null) : null,
            dismissed: listActiveDismissals(history),
            marks,
          }),
        ).findings
      : [];
    const open = findings.filter((f) => !f.dismissed);
    return {
      id: task.id,
      key: task.key,
      title: task.title,
      difficulty: task.difficulty,
      tags: task.tags,
      revision: task.revision,
      criteriaCount: content?.criteria.length ?? 0,
      checksCount: content?.checks.length ?? 0,
      errors: open.filter((f) => f.severity === "error").length,
      warnings: open.filter((f) => f.severity === "warning").length,
      dismissed: findings.length - open.length,
      archivedAt: task.archivedAt?.toISOString() ?? null,
      updatedAt: task.updatedAt.toISOString(),
    };
  });
}
