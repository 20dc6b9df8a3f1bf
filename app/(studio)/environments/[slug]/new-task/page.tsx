import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { NewTaskForm } from "@/components/tasks/new-task-form";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { getEnvironmentOverview } from "@/lib/environments/queries";
import { toNotFound } from "@/lib/not-found";
import { TEMPLATES } from "@/lib/tasks/templates";

export const metadata: Metadata = { title: "New task" };

type Props = { params: Promise<{ slug: string }> };

export default async function NewTaskPage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]/new-task");
  const { slug } = await params;
  const environment = await getEnvironmentOverview({ ctx, slug }).catch(toNotFound);
  const templates = TEMPLATES.map((t) => ({
    id: t.id,
    name: t.name,
    summary: t.summary,
    designNotes: t.designNotes,
    family: t.family,
    key: t.task.key,
    title: t.task.title,
  }));
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-fg-muted">
        <Link href="/environments" className="hover:underline">
          Environments
        </Link>{" "}
        /{" "}
        <Link href={`/environments/${slug}`} className="hover:underline">
          {environment.name}
        </Link>{" "}
        / New task
      </nav>
      <PageHeader
        title="New task"
        description="Each template is a complete worked task (prompt, resources, answer key, rubric, checks) that passes its own coverage check. Adapt it to your paper, policy or data."
      />
      <NewTaskForm environment={slug} templates={templates} />
    </>
  );
}
