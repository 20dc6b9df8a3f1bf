import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArchiveRubricButton } from "@/components/environments/archive-rubric-button";
import { PageHeader } from "@/components/layout/page-header";
import { SharedRubricEditor } from "@/components/tasks/shared-rubric-editor";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { toNotFound } from "@/lib/not-found";
import { can } from "@/lib/permissions/rules";
import { getRubric } from "@/lib/rubrics/queries";

export const metadata: Metadata = { title: "Shared rubric" };

type Props = { params: Promise<{ slug: string; id: string }> };

export default async function SharedRubricPage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]/rubrics/[id]");
  const { slug, id } = await params;
  const rubric = await getRubric({ ctx, rubricId: id }).catch(toNotFound);
  if (rubric.environment !== slug) notFound();
  if (rubric.task) {
    return (
      <>
        <PageHeader title={rubric.title || `Rubric of ${rubric.task.key}`} />
        <p className="text-sm">
          This is the rubric of task{" "}
          <Link
            className="text-accent underline"
            href={`/environments/${slug}/tasks/${encodeURIComponent(rubric.task.key)}`}
          >
            {rubric.task.key}
          </Link>
          : edit it in the task editor.
        </p>
      </>
    );
  }
  const canWrite = can(ctx.role, "environments.write");
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-fg-muted">
        <Link href={`/environments/${slug}`} className="hover:underline">
          {slug}
        </Link>{" "}
        / Shared rubric
      </nav>
      <PageHeader
        title={rubric.title}
        description={`Shared by ${rubric.usedBy.length} ${rubric.usedBy.length === 1 ? "task" : "tasks"}${rubric.usedBy.length ? `: ${rubric.usedBy.join(", ")}` : ""}. Edits apply to every task built on it.`}
        actions={
          canWrite ? (
            <ArchiveRubricButton rubricId={rubric.id} isArchived={rubric.archivedAt !== null} />
          ) : null
        }
      />
      <SharedRubricEditor rubric={rubric} canWrite={canWrite} />
    </>
  );
}
