import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { TaskOriginPanel } from "@/components/promotion/task-origin-panel";
import { ArchiveTaskButton } from "@/components/tasks/archive-task-button";
import { TaskEditor } from "@/components/tasks/task-editor";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { listJudges } from "@/lib/judges/queries";
import { toNotFound } from "@/lib/not-found";
import { can } from "@/lib/permissions/rules";
import { getTaskOrigin } from "@/lib/promotion/queries";
import { listProviders } from "@/lib/providers/queries";
import { formatDateTime } from "@/lib/rollouts/format";
import { listRollouts } from "@/lib/rollouts/queries";
import { listSharedRubrics } from "@/lib/rubrics/queries";
import { getTaskChecks, listDismissalHistory } from "@/lib/tasks/check-queries";
import { getTaskDetailByKey } from "@/lib/tasks/queries";
import { listSentenceMarks } from "@/lib/tasks/sentence-mark-queries";

export const metadata: Metadata = { title: "Task" };

type Props = { params: Promise<{ slug: string; key: string }> };

export default async function TaskPage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]/tasks/[key]");
  const { slug, key } = await params;
  const task = await getTaskDetailByKey({ ctx, slug, key: decodeURIComponent(key) }).catch(toNotFound);
  const canJudge = can(ctx.role, "judges.write");
  const [shared, history, checks, origin, marks, providers, judges, taskRollouts] = await Promise.all([
    listSharedRubrics({ ctx, environmentSlug: slug }),
    listDismissalHistory({ ctx, taskId: task.id }),
    getTaskChecks({ ctx, taskId: task.id }),
    getTaskOrigin({ ctx, taskId: task.id }),
    listSentenceMarks({ ctx }),
    can(ctx.role, "providers.read") ? listProviders({ ctx }) : [],
    canJudge ? listJudges({ ctx, environmentSlug: slug }) : [],
    canJudge ? listRollouts({ ctx, input: { environment: slug, task: task.key, limit: 50 } }) : null,
  ]);
  const sharedRubrics = shared.map((r) => ({
    id: r.id,
    title: r.title,
    criteria: r.criteria,
    judgeTemplate: r.judgeTemplate,
  }));
  // A shared rubric archived since the task linked it still shows (read-only) in the editor.
  if (task.sharedRubric && !sharedRubrics.some((r) => r.id === task.sharedRubric?.id))
    sharedRubrics.push(task.sharedRubric);
  const { revision: _, ...savedChecks } = checks;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-fg-muted">
        <Link href="/environments" className="hover:underline">
          Environments
        </Link>{" "}
        /{" "}
        <Link href={`/environments/${slug}`} className="hover:underline">
          {task.environment.name}
        </Link>{" "}
        / <span className="font-mono">{task.key}</span>
      </nav>
      <PageHeader
        title={task.content.title}
        description={`Task key ${task.key}: rollouts that name this key link to this task.`}
        actions={
          task.canWrite && !task.environment.isArchived ? (
            <ArchiveTaskButton taskId={task.id} environment={slug} isArchived={task.archivedAt !== null} />
          ) : null
        }
      />
      {origin ? <TaskOriginPanel origin={origin} /> : null}
      <TaskEditor
        key={`${task.id}-${task.revision}-${task.archivedAt ?? ""}`}
        task={task}
        sharedRubrics={sharedRubrics}
        history={history}
        savedChecks={savedChecks}
        sentenceMarks={marks}
        providers={providers.map((p) => ({ id: p.id, name: p.name, model: p.model }))}
        judgeTrial={
          canJudge
            ? {
                judges: judges.map((j) => ({ id: j.id, name: j.name })),
                rollouts: (taskRollouts?.items ?? []).map((r) => ({
                  id: r.id,
                  label: `${r.model ?? "unknown model"} · reward ${r.reward ?? "—"} · ${formatDateTime(r.createdAt)}`,
                })),
              }
            : undefined
        }
      />
    </>
  );
}
