import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { PromoteForm } from "@/components/promotion/promote-form";
import { SafeMarkdown } from "@/components/transcripts/safe-markdown";
import { Section } from "@/components/ui/section";
import { getWorkspacePageContext } from "@/lib/auth/current";
import { listEnvironments } from "@/lib/environments/queries";
import { toNotFound } from "@/lib/not-found";
import { getPromotionPreview } from "@/lib/promotion/queries";

export const metadata: Metadata = { title: "Make a task from this rollout" };

type Props = { params: Promise<{ id: string }> };

export default async function PromoteRolloutPage({ params }: Props) {
  const { ctx } = await getWorkspacePageContext("/rollouts/[id]/promote");
  const { id } = await params;
  const [preview, environments] = await Promise.all([
    getPromotionPreview({ ctx, rolloutId: id }).catch(toNotFound),
    listEnvironments({ ctx }),
  ]);
  const { content, guard } = preview;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-fg-muted">
        <Link href="/rollouts" className="hover:underline">
          Rollouts
        </Link>{" "}
        /{" "}
        <Link href={`/rollouts/${id}`} className="hover:underline">
          This rollout
        </Link>{" "}
        / Make a task
      </nav>
      <PageHeader
        title="Make a task from this rollout"
        description={
          preview.kind === "hack"
            ? "A reward hack becomes a hack-resistant task: same prompt and resources, a criterion and (where one can be proven) a check that fail the hack. The rollout stays in the reward-hack corpus."
            : "A failure worth teaching becomes a draft task with the same prompt and resources, and the failure written up as the reason the task exists."
        }
      />
      <div className="flex flex-col gap-6">
        <Section
          title="New draft task"
          description="Nothing is published: the task starts as a draft you edit."
        >
          <PromoteForm
            rolloutId={preview.rolloutId}
            environments={environments.map((e) => ({ slug: e.slug, name: e.name }))}
            defaultEnvironment={preview.sourceEnvironmentSlug ?? environments[0]?.slug ?? ""}
            defaultKey={preview.suggestedKey}
            defaultTitle={content.title}
          />
        </Section>
        <Section
          title="Why the task exists"
          description="Written from the label, its spans and the evidence."
        >
          <SafeMarkdown text={preview.reason} />
        </Section>
        {preview.kind === "hack" ? (
          <Section
            title="Guard"
            description="What will fail the hack's final answer, tried before it is proposed."
          >
            {guard ? (
              <p className="text-sm">
                Check <code className="font-mono">{guard.check.key}</code> ({guard.check.kind}, from{" "}
                {guard.derivedFrom}): the hack&apos;s final answer scores <strong>{guard.hackScore}</strong>
                {guard.referenceScore === null ? "" : `, the answer key scores ${guard.referenceScore}`}.
              </p>
            ) : (
              <p className="text-sm">
                No programmatic check could be derived that fails the hack and passes the answer key. The
                judge criterion <code className="font-mono">{preview.guardCriterionKey}</code> carries the
                hack&apos;s final answer as a failing example.
              </p>
            )}
          </Section>
        ) : null}
        <Section title="Prompt" description="What the agent will see (edit it in the task editor).">
          <pre className="max-h-64 overflow-auto whitespace-pre-wrap text-sm">
            {content.prompt || "(empty)"}
          </pre>
        </Section>
      </div>
    </>
  );
}
