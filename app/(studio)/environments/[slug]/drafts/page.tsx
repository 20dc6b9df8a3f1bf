import type { Metadata } from "next";
import Link from "next/link";
import { DocumentUploadForm } from "@/components/drafts/document-upload-form";
import { DraftCard } from "@/components/drafts/draft-card";
import { DraftingForm } from "@/components/drafts/drafting-form";
import { JobStateBadge } from "@/components/jobs/job-state-badge";
import { RefreshWhileRunning } from "@/components/jobs/refresh-while-running";
import { PageHeader } from "@/components/layout/page-header";
import { Section } from "@/components/ui/section";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { describeDraftJobShortfall } from "@/lib/drafts/draft-job-outcome";
import { listDocuments, listDrafts, listTaskChoices } from "@/lib/drafts/queries";
import { getEnvironmentOverview } from "@/lib/environments/queries";
import { listJobs } from "@/lib/jobs";
import { describeJobState } from "@/lib/jobs/job-state";
import { toNotFound } from "@/lib/not-found";
import { listProviders } from "@/lib/providers/queries";
import { formatDateTime } from "@/lib/rollouts/format";

export const metadata: Metadata = { title: "Drafts from evidence" };

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ variantOf?: string; goal?: string }>;
};

export default async function DraftsPage({ params, searchParams }: Props) {
  const { ctx } = await getWorkspacePageContext("/environments/[slug]/drafts");
  const { slug } = await params;
  const { variantOf, goal } = await searchParams;
  const environment = await getEnvironmentOverview({ ctx, slug }).catch(toNotFound);
  const [documents, drafts, decided, taskChoices, providers, jobs] = await Promise.all([
    listDocuments({ ctx, environmentSlug: slug }),
    listDrafts({ ctx, environmentSlug: slug }),
    listDrafts({ ctx, environmentSlug: slug, statuses: ["accepted"] }),
    listTaskChoices({ ctx, environmentSlug: slug }),
    listProviders({ ctx }),
    listJobs({ ctx, input: { kind: "draft-tasks", limit: 10 } }),
  ]);
  const variantTask = taskChoices.find((t) => t.key === variantOf);
  const isRunning = jobs.items.some((j) => j.status === "queued" || j.status === "running");
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
        / Drafts
      </nav>
      <PageHeader
        title="Drafts from evidence"
        description="Tasks drafted from documents (every key fact cites its passage), planted flaws, and variants of tasks whose difficulty is off. Every draft is only a proposal: accept it to edit it as a draft task, or discard it."
      />
      <RefreshWhileRunning isRunning={isRunning} />
      <div className="flex flex-col gap-6">
        <Section
          title="Source documents"
          description="Markdown, text or PDF. Citations point into their text."
        >
          <DocumentUploadForm environment={slug} />
          {documents.length ? (
            <ul className="text-sm">
              {documents.map((d) => (
                <li key={d.id}>
                  {d.name}{" "}
                  <span className="text-fg-muted">
                    ({Math.ceil(d.size / 1024)} KB{d.pages ? `, ${d.pages} pages` : ""})
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-fg-muted">No documents yet.</p>
          )}
        </Section>
        <Section
          title="Draft tasks"
          description={
            providers.length
              ? "Drafting runs in the background; prompts sent and answers received are kept with each draft."
              : "Grounded drafts and model-suggested variants need a model provider (owners add one in Settings). Planted flaws need none."
          }
        >
          <DraftingForm
            environment={slug}
            environmentId={environment.id}
            documents={documents.map((d) => ({ id: d.id, name: d.name }))}
            providers={providers.map((p) => ({ id: p.id, name: `${p.name} (${p.model})` }))}
            tasks={taskChoices.map((t) => ({ id: t.id, name: `${t.key}: ${t.title}` }))}
            initial={
              variantTask
                ? { mode: "variant", taskId: variantTask.id, goal }
                : { mode: providers.length ? "grounded" : "flaw" }
            }
          />
          {jobs.items.length ? (
            <ul aria-label="Drafting jobs" className="text-sm">
              {jobs.items.map((j) => (
                <li key={j.id}>
                  {formatDateTime(j.createdAt)} · <JobStateBadge job={j} /> · {j.done}
                  {j.total ? ` of ${j.total}` : ""} drafted
                  {j.error ? ` · ${describeJobState(j).detail ?? j.error}` : ""}
                  {describeDraftJobShortfall(j) ? ` · ${describeDraftJobShortfall(j)}` : ""}
                </li>
              ))}
            </ul>
          ) : null}
        </Section>
        <section aria-label="Proposed drafts" className="flex flex-col gap-4">
          <h2 className="text-base font-semibold">Proposed ({drafts.length})</h2>
          {drafts.length ? (
            drafts.map((d) => <DraftCard key={d.id} draft={d} environment={slug} />)
          ) : (
            <p className="text-sm text-fg-muted">Nothing waiting for a decision.</p>
          )}
        </section>
        {decided.length ? (
          <section aria-label="Accepted drafts" className="flex flex-col gap-2 text-sm">
            <h2 className="text-base font-semibold">Accepted</h2>
            <ul>
              {decided.map((d) => (
                <li key={d.id}>
                  <Link
                    href={`/environments/${slug}/tasks/${encodeURIComponent(d.acceptedKey ?? "")}`}
                    className="underline"
                  >
                    {d.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </>
  );
}
