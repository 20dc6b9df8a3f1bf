import type { Metadata } from "next";
import Link from "next/link";
import { MonacoPreload } from "@/components/editor/monaco-preload-on-idle";
import { ArchiveEnvironmentButton } from "@/components/environments/archive-environment-button";
import { CoverageCheckPanel } from "@/components/environments/coverage-check-panel";
import { CreateRubricForm } from "@/components/environments/create-rubric-form";
import { EnvironmentSettingsForm } from "@/components/environments/environment-settings-form";
import { TasksTable } from "@/components/environments/tasks-table";
import { JudgeRolloutsPanel } from "@/components/judges/judge-rollouts-panel";
import { PageHeader } from "@/components/layout/page-header";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Section } from "@/components/ui/section";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { getEnvironmentOverview } from "@/lib/environments/queries";
import { toNotFound } from "@/lib/not-found";
import { can } from "@/lib/permissions/rules";
import { listProviders } from "@/lib/providers/queries";
import { listTaskSummaries } from "@/lib/tasks/summary-queries";

export const metadata: Metadata = { title: "Environment" };

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function EnvironmentPage({ params, searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]");
  const { slug } = await params;
  const showArchived = (await searchParams).archived === "1";
  const environment = await getEnvironmentOverview({ ctx, slug }).catch(toNotFound);
  const [tasks, providers] = await Promise.all([
    listTaskSummaries({ ctx, environmentSlug: slug, includeArchived: showArchived }),
    can(ctx.role, "providers.read") ? listProviders({ ctx }) : [],
  ]);
  const base = `/environments/${slug}`;
  const isArchived = environment.archivedAt !== null;
  const canEdit = environment.canWrite && !isArchived;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-fg-muted">
        <Link href="/environments" className="hover:underline">
          Environments
        </Link>{" "}
        / <span className="font-mono">{slug}</span>
      </nav>
      <PageHeader
        title={environment.name}
        description={environment.description || undefined}
        actions={
          <>
            <Link href={`${base}/versions`} className={buttonVariants({ variant: "secondary" })}>
              Versions and validation
            </Link>
            {can(ctx.role, "reports.read") ? (
              <Link href={`${base}/report`} className={buttonVariants({ variant: "secondary" })}>
                Report
              </Link>
            ) : null}
            <Link href={`${base}/judges`} className={buttonVariants({ variant: "secondary" })}>
              Judges
            </Link>
            {canEdit ? (
              <>
                <Link href={`${base}/import`} className={buttonVariants({ variant: "secondary" })}>
                  Import tasks
                </Link>
                <Link href={`${base}/drafts`} className={buttonVariants({ variant: "secondary" })}>
                  Drafts from evidence
                </Link>
                <Link href={`${base}/new-task`} className={buttonVariants({ variant: "primary" })}>
                  New task
                </Link>
              </>
            ) : null}
          </>
        }
      />
      <div className="mb-6 flex flex-wrap items-center gap-2 text-sm">
        <Badge>{environment.status}</Badge>
        {isArchived ? <Badge tone="warning">archived</Badge> : null}
        {environment.domain ? <span className="text-fg-muted">{environment.domain}</span> : null}
        {environment.tags.map((tag) => (
          <Badge key={tag} tone="accent">
            {tag}
          </Badge>
        ))}
        <span className="text-fg-muted">
          · Reviewers {environment.reviewersSeeAnswerKeys ? "see" : "do not see"} answer keys
        </span>
      </div>
      <div className="flex flex-col gap-6">
        {can(ctx.role, "judges.write") ? (
          <Section
            title="Rollouts"
            description="Grade this environment's rollouts with one of its judges, in the background."
          >
            <div className="flex flex-wrap items-start gap-3">
              <Link
                href={`/rollouts?environment=${encodeURIComponent(slug)}`}
                className={buttonVariants({ variant: "secondary" })}
              >
                Browse rollouts
              </Link>
              <JudgeRolloutsPanel
                filter={{ environment: slug }}
                canCancel={can(ctx.role, "jobs.manage")}
                label="Judge this environment's rollouts"
              />
            </div>
          </Section>
        ) : null}
        <Section
          title={`Tasks (${tasks.length})`}
          description="Each task's coverage check counts what the grader misses: requirements nothing checks, criteria the prompt never asks for, answer-key leaks."
        >
          <div className="flex flex-wrap gap-3 text-sm">
            <a
              href={`/api/v1/environments/${slug}/tasks/export?format=jsonl`}
              className="text-accent underline"
            >
              Export JSONL
            </a>
            <a
              href={`/api/v1/environments/${slug}/tasks/export?format=csv`}
              className="text-accent underline"
            >
              Export CSV
            </a>
            <Link href={showArchived ? base : `${base}?archived=1`} className="text-accent underline">
              {showArchived ? "Hide archived tasks" : "Show archived tasks"}
            </Link>
          </div>
          {tasks.length > 0 ? (
            <CoverageCheckPanel
              slug={slug}
              providers={providers.map((p) => ({ id: p.id, name: p.name, model: p.model }))}
            />
          ) : null}
          {tasks.length === 0 ? (
            <EmptyState title="No tasks yet">
              {canEdit
                ? "Start from a worked template, write one from scratch, or import a JSONL or CSV file."
                : "Authors add tasks here."}
            </EmptyState>
          ) : (
            <>
              <TasksTable slug={slug} tasks={tasks} />
              <MonacoPreload />
            </>
          )}
        </Section>
        <Section
          title="Shared rubrics"
          description="Criteria several tasks share (writing quality, honesty about uncertainty, how a give-up is graded). A task builds on one and adds its own."
        >
          {environment.sharedRubrics.length === 0 ? (
            <p className="text-sm text-fg-muted">No shared rubrics.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {environment.sharedRubrics.map((r) => (
                <li key={r.id}>
                  <Link href={`${base}/rubrics/${r.id}`} className="font-medium text-accent hover:underline">
                    {r.title}
                  </Link>
                  {r.description ? <span className="text-fg-muted"> · {r.description}</span> : null}
                </li>
              ))}
            </ul>
          )}
          {canEdit ? <CreateRubricForm slug={slug} /> : null}
        </Section>
        {environment.canWrite ? (
          <Section title="Settings">
            {canEdit ? <EnvironmentSettingsForm environment={environment} /> : null}
            <div className="border-t border-border pt-4">
              <ArchiveEnvironmentButton slug={slug} isArchived={isArchived} />
            </div>
          </Section>
        ) : null}
      </div>
    </>
  );
}
